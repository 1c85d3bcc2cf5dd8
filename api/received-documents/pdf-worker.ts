/**
 * The worker thread that reads a received PDF, one at a time, for pdf-text.ts
 * (decision 034). pdf.js parses in the thread that calls it, so a costly file
 * costs this thread, within the heap it was started with, never the server's.
 * It is bundled apart (dist/pdf-worker.js) and from source is loaded through
 * tsx (pdf-worker.dev.mjs), so it imports only what it needs.
 */
import { parentPort } from "node:worker_threads";
import { getResolvedPDFJS } from "unpdf";
import { inflatedSize } from "../storage/inflated-size";

export type WorkerRequest = {
  /** The worker's own copy (transferred): pdf.js takes over the buffer it is given. */
  bytes: Uint8Array;
  /** What an invoice or receipt says is on its first page; later pages of a long one only add lines. */
  maxPages: number;
  /** Bytes that all of the file's Flate streams may inflate to. */
  maxInflatedBytes: number;
  /** Streams in the file. */
  maxStreams: number;
};

export type WorkerAnswer =
  | { status: "text"; text: string }
  | { status: "no-text" }
  | { status: "locked" }
  | { status: "unreadable" }
  | { status: "gave-up"; reason: "inflated" | "objects" };

type PdfJs = Awaited<ReturnType<typeof getResolvedPDFJS>>;
type PdfDocument = Awaited<ReturnType<PdfJs["getDocument"]>["promise"]>;
type TextContentItem = Awaited<ReturnType<Awaited<ReturnType<PdfDocument["getPage"]>>["getTextContent"]>>["items"][number];
type TextItem = Extract<TextContentItem, { str: string }>;
type Run = { text: string; x: number; y: number; width: number; size: number };

const port = parentPort;
if (!port) throw new Error("pdf-worker.ts runs as a worker thread: pdf-text.ts starts it");
port.on("message", (request: WorkerRequest) => {
  void read(request).then((answer) => port.postMessage(answer));
});

async function read({ bytes, maxPages, maxInflatedBytes, maxStreams }: WorkerRequest): Promise<WorkerAnswer> {
  if (!endsWithEofMarker(bytes)) return { status: "unreadable" };
  const tooLarge = await exceedsInflatedBytes(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), maxInflatedBytes, maxStreams);
  if (tooLarge) return { status: "gave-up", reason: tooLarge };
  const { getDocument } = await getResolvedPDFJS();
  const task = getDocument({ data: bytes, verbosity: 0 });
  try {
    let pdf: PdfDocument;
    let first: Awaited<ReturnType<PdfDocument["getPage"]>>;
    try {
      pdf = await task.promise;
      first = await pdf.getPage(1);
    } catch (error) {
      return { status: error instanceof Error && error.name === "PasswordException" ? "locked" : "unreadable" };
    }
    // Past its first page the file opens: what goes wrong in its content leaves it a file without text, kept as received.
    const text = await readPages(pdf, first, maxPages).catch(() => "");
    return /\S/.test(text) ? { status: "text", text } : { status: "no-text" };
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

/**
 * A PDF's last line is %%EOF; readers accept it within the last 1,024 bytes.
 * A file cut short loses it, and pdf.js would rebuild what is left and open
 * that, so a truncated upload would be kept as if it were whole.
 */
function endsWithEofMarker(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes("%%EOF", Math.max(0, bytes.byteLength - 1024), "latin1");
}

const STREAM = Buffer.from("stream", "latin1");
const END_STREAM = Buffer.from("endstream", "latin1");

/**
 * Whether the file's Flate streams inflate past the limit, or it has more
 * streams than the limit: counted before pdf.js runs, which keeps all it
 * inflates in memory (outside the worker's heap limit). Streams pdf.js would
 * not inflate as Flate (no zlib header: encrypted, or under another filter
 * first) are left to the time and memory limits in pdf-text.ts.
 */
async function exceedsInflatedBytes(file: Buffer, maxBytes: number, maxStreams: number): Promise<"inflated" | "objects" | null> {
  let total = 0;
  let streams = 0;
  for (const data of streamData(file)) {
    if (++streams > maxStreams) return "objects";
    if (!hasZlibHeader(data)) continue;
    total += await inflatedSize([data], maxBytes - total);
    if (total > maxBytes) return "inflated";
  }
  return null;
}

/** Each stream's data: from the end of line after `stream` to `endstream` (or the end of the file). */
function* streamData(file: Buffer): Generator<Buffer> {
  for (let at = file.indexOf(STREAM); at !== -1; at = file.indexOf(STREAM, at)) {
    if (at >= 3 && file.toString("latin1", at - 3, at) === "end") {
      at += STREAM.length;
      continue;
    }
    let start = at + STREAM.length;
    if (file[start] === 0x0d) start++;
    if (file[start] === 0x0a) start++;
    const end = file.indexOf(END_STREAM, start);
    yield file.subarray(start, end === -1 ? file.length : end);
    if (end === -1) return;
    at = end + END_STREAM.length;
  }
}

/** The header pdf.js's FlateStream checks before it inflates: deflate, a valid check, no preset dictionary. */
function hasZlibHeader(data: Buffer): boolean {
  const [cmf, flg] = data;
  return cmf !== undefined && flg !== undefined && (cmf & 0x0f) === 8 && ((cmf << 8) | flg) % 31 === 0 && (flg & 0x20) === 0;
}

async function readPages(pdf: PdfDocument, first: Awaited<ReturnType<PdfDocument["getPage"]>>, maxPages: number): Promise<string> {
  const pages: string[] = [];
  for (let number = 1; number <= Math.min(pdf.numPages, maxPages); number++) {
    const page = number === 1 ? first : await pdf.getPage(number);
    const content = await page.getTextContent();
    pages.push(pageLines(content.items.filter((item): item is TextItem => "str" in item)).join("\n"));
  }
  return pages.join("\n");
}

/**
 * pdf.js gives runs of text in drawing order, with its own guesses at line
 * ends that put a left and a right column on one line with a plain space.
 * Runs are put back in reading order instead: top to bottom by baseline (runs
 * whose baselines are within half a letter are one line), then left to right.
 */
function pageLines(items: TextItem[]): string[] {
  const runs: Run[] = items
    .filter((item) => item.str.trim() !== "")
    .map((item) => ({ text: item.str, x: item.transform[4], y: item.transform[5], width: item.width, size: Math.hypot(item.transform[2], item.transform[3]) || 1 }))
    .sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: Run[][] = [];
  for (const run of runs) {
    const line = lines.at(-1);
    const first = line?.[0];
    if (line && first && Math.abs(first.y - run.y) < Math.min(first.size, run.size) / 2) line.push(run);
    else lines.push([run]);
  }
  return lines.map((line) => joinRuns(line.sort((a, b) => a.x - b.x)));
}

/** Runs that touch are one word; a gap of a letter or more is a new column (a tab), a smaller one a space. */
function joinRuns(line: Run[]): string {
  let text = "";
  let previous: Run | undefined;
  for (const run of line) {
    if (previous) {
      const gap = run.x - (previous.x + previous.width);
      const size = Math.min(previous.size, run.size);
      text += gap >= size ? "\t" : gap > size * 0.15 ? " " : "";
    }
    text += run.text;
    previous = run;
  }
  return text;
}
