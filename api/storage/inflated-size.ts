import { createInflate } from "node:zlib";

/**
 * How many bytes zlib data inflates to, counted up to just past `limit` in
 * 64 KiB chunks that are let go at once: a small file that inflates to
 * gigabytes costs a moment, not the memory. Inflating runs on libuv's thread
 * pool. Data that breaks off or goes wrong counts as far as it inflated.
 */
export function inflatedSize(parts: readonly Uint8Array[], limit: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate({ chunkSize: 64 * 1024 });
    let size = 0;
    const done = () => {
      inflate.destroy();
      resolve(size);
    };
    inflate.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) done();
    });
    inflate.on("end", done).on("error", done);
    for (const part of parts) inflate.write(part);
    inflate.end();
  });
}
