import { createReadStream, createWriteStream } from "node:fs";
import { open, rename, rm, stat } from "node:fs/promises";
import { pipeline } from "node:stream/promises";

/**
 * A backup is one ustar archive (ADR 039): `manifest.json` first, then the database's dump. Plain tar, so an
 * operator can read the manifest anywhere with `tar -xOf FILE manifest.json`, and we need no dependency.
 */
const BLOCK = 512;

export type ArchiveEntry = { name: string } & ({ bytes: Uint8Array } | { file: string });

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, "0") + "\0";
}

function header(name: string, size: number, mtime: Date): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`archive entry name too long: ${name}`);
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, "utf8");
  block.write(octal(0o600, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(size, 12), 124);
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136);
  block.write("0", 156);
  block.write("ustar\0", 257);
  block.write("00", 263);
  // The checksum is the sum of the header's bytes with its own field read as spaces.
  block.fill(" ", 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(sum.toString(8).padStart(6, "0") + "\0 ", 148);
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/**
 * Writes the entries to `target` through a `.partial` file renamed at the end, so a backup cut off by a crash
 * or a full disk never takes the name of a whole one.
 */
export async function writeArchive(target: string, entries: ArchiveEntry[]): Promise<number> {
  const partial = `${target}.partial`;
  const mtime = new Date();
  async function* blocks() {
    for (const entry of entries) {
      const size = "bytes" in entry ? entry.bytes.byteLength : (await stat(entry.file)).size;
      yield header(entry.name, size, mtime);
      if ("bytes" in entry) yield entry.bytes;
      else yield* createReadStream(entry.file);
      yield padding(size);
    }
    yield Buffer.alloc(BLOCK * 2);
  }
  try {
    await pipeline(blocks, createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return (await stat(target)).size;
}

type Located = { offset: number; size: number };

/** Where each entry's bytes are in the archive; refuses anything that is not an archive written above. */
async function entriesOf(archive: string): Promise<Map<string, Located>> {
  const handle = await open(archive, "r");
  try {
    const { size: total } = await handle.stat();
    const found = new Map<string, Located>();
    const block = Buffer.alloc(BLOCK);
    let offset = 0;
    while (offset + BLOCK <= total) {
      await handle.read(block, 0, BLOCK, offset);
      if (block.every((byte) => byte === 0)) return found;
      if (block.toString("latin1", 257, 262) !== "ustar") throw new Error(`${archive} is not a backup archive`);
      const name = block.toString("utf8", 0, 100).replace(/\0.*$/s, "");
      const size = Number.parseInt(block.toString("latin1", 124, 136).replace(/\0.*$/s, "").trim(), 8);
      if (!Number.isSafeInteger(size) || offset + BLOCK + size > total) throw new Error(`${archive} is cut off or damaged (entry ${name})`);
      found.set(name, { offset: offset + BLOCK, size });
      offset += BLOCK + size + padding(size).byteLength;
    }
    throw new Error(`${archive} is cut off: no end of archive`);
  } finally {
    await handle.close();
  }
}

export type ArchiveReader = {
  has: (name: string) => boolean;
  size: (name: string) => number;
  read: (name: string) => Promise<Buffer>;
  /** Copies an entry to a file without holding it in memory. */
  extract: (name: string, target: string) => Promise<void>;
};

export async function openArchive(archive: string): Promise<ArchiveReader> {
  const entries = await entriesOf(archive);
  const locate = (name: string) => {
    const entry = entries.get(name);
    if (!entry) throw new Error(`${archive} has no ${name}`);
    return entry;
  };
  return {
    has: (name) => entries.has(name),
    size: (name) => locate(name).size,
    async read(name) {
      const { offset, size } = locate(name);
      const handle = await open(archive, "r");
      try {
        const bytes = Buffer.alloc(size);
        await handle.read(bytes, 0, size, offset);
        return bytes;
      } finally {
        await handle.close();
      }
    },
    async extract(name, target) {
      const { offset, size } = locate(name);
      if (size === 0) {
        await (await open(target, "w", 0o600)).close();
        return;
      }
      await pipeline(createReadStream(archive, { start: offset, end: offset + size - 1 }), createWriteStream(target, { mode: 0o600 }));
    },
  };
}
