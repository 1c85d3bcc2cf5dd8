/**
 * The text layer of a received PDF, read with pdf.js (through unpdf) and laid
 * out as lines, and what it proposes for the document's fields. No OCR: a
 * scan without text gives nothing, and the user types the fields.
 *
 * An upload is untrusted (decision 034): pdf.js reads it in a worker thread
 * (pdf-worker.ts) with a heap limit, under a deadline and a watch on the
 * process's memory, one file at a time; a file that goes past a limit is
 * given up, and the worker with it.
 */
import { Worker } from "node:worker_threads";
import type { WorkerAnswer, WorkerRequest } from "./pdf-worker";

export const PDF_READ_LIMITS = {
  pages: 3,
  /** An invoice's text layer is read in well under a second (docs/decisions/034). */
  timeoutMs: 5_000,
  /** pdf.js's objects for three pages of an invoice take a few MB; a file drawing millions of runs takes gigabytes. */
  heapMb: 128,
  /** What pdf.js inflates lives outside the heap, so the file's Flate streams are counted first. */
  inflatedBytes: 64 * 1024 * 1024,
  /** A long report has a few thousand; a file of millions of tiny streams costs time to count and to read. */
  streams: 20_000,
  /** The process's resident memory may grow this much while a file is read: what the counts above cannot see (encrypted streams, other filters). */
  memoryGrowthBytes: 256 * 1024 * 1024,
  /** Reads waiting for the one running; more are refused at once (PdfReading "busy"). */
  waiting: 8,
  waitMs: 10_000,
  /** A worker is kept this long after a read (about 50 MB), so the next files of a sitting do not pay its start (0.2–0.5 s). */
  idleMs: 5 * 60_000,
} as const;

const MEMORY_CHECK_MS = 50;

export type PdfReading =
  | Exclude<WorkerAnswer, { status: "gave-up" }>
  /** A limit was reached, or the worker failed: too large or too broken to say which. */
  | { status: "gave-up"; reason: Extract<WorkerAnswer, { status: "gave-up" }>["reason"] | "time" | "memory" | "failed"; error?: unknown }
  /** Other reads have the reader; the caller may try again shortly. */
  | { status: "busy" };

/**
 * The file read within PDF_READ_LIMITS: its text (lines, a tab between
 * columns), or what kept it from being read. Never throws.
 */
export async function readPdf(bytes: Uint8Array, { timeoutMs = PDF_READ_LIMITS.timeoutMs }: { timeoutMs?: number } = {}): Promise<PdfReading> {
  if (!(await turn())) return { status: "busy" };
  try {
    return await readInWorker(bytes, timeoutMs);
  } finally {
    nextTurn();
  }
}

/** The text of the first pages, or null when there is none (a scan) or it could not be read (see readPdf). */
export async function extractPdfText(bytes: Uint8Array, options: { timeoutMs?: number } = {}): Promise<string | null> {
  const reading = await readPdf(bytes, options);
  return reading.status === "text" ? reading.text : null;
}

/** One read at a time: several bombs at once would multiply the memory each may take. */
let reading = false;
const waiting: Array<() => void> = [];

function turn(): Promise<boolean> {
  if (!reading) {
    reading = true;
    return Promise.resolve(true);
  }
  if (waiting.length >= PDF_READ_LIMITS.waiting) return Promise.resolve(false);
  return new Promise((resolve) => {
    const start = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      waiting.splice(waiting.indexOf(start), 1);
      resolve(false);
    }, PDF_READ_LIMITS.waitMs);
    waiting.push(start);
  });
}

function nextTurn() {
  const next = waiting.shift();
  if (next) next();
  else reading = false;
}

/** The worker kept after its last read, until it has been idle for PDF_READ_LIMITS.idleMs. */
let idle: { worker: Worker; timer: NodeJS.Timeout } | null = null;

function takeWorker(): Worker {
  if (idle) {
    clearTimeout(idle.timer);
    const { worker } = idle;
    idle = null;
    return worker;
  }
  const worker = startWorker();
  // Neither a kept worker nor a read keeps the process from exiting (a read's deadline does, while it runs).
  worker.unref();
  // An error while kept idle would be an 'error' event nobody hears, which ends the process: the worker is let go
  // instead (a read in progress hears its errors through its own listener as well).
  worker.on("error", () => {
    if (idle?.worker !== worker) return;
    clearTimeout(idle.timer);
    idle = null;
  });
  worker.once("exit", () => {
    if (idle?.worker !== worker) return;
    clearTimeout(idle.timer);
    idle = null;
  });
  return worker;
}

function keepWorker(worker: Worker) {
  const timer = setTimeout(() => {
    if (idle?.worker === worker) idle = null;
    void worker.terminate();
  }, PDF_READ_LIMITS.idleMs);
  timer.unref();
  idle = { worker, timer };
}

/**
 * From dist/, the worker is bundled beside the server (scripts/build-server.mjs).
 * From source (vitest, tsx) Node 20 neither starts a .ts worker nor passes it
 * tsx's loader, so pdf-worker.dev.mjs registers tsx in the worker first.
 */
function startWorker(): Worker {
  const fromSource = import.meta.url.endsWith(".ts");
  return new Worker(new URL(fromSource ? "./pdf-worker.dev.mjs" : "./pdf-worker.js", import.meta.url), {
    // The server's own flags (its heap size among them) are not the worker's.
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: PDF_READ_LIMITS.heapMb, maxYoungGenerationSizeMb: 16 },
  });
}

function readInWorker(bytes: Uint8Array, timeoutMs: number): Promise<PdfReading> {
  const worker = takeWorker();
  const startRss = process.memoryUsage.rss();
  return new Promise((resolve) => {
    const finish = (answer: PdfReading, keep: boolean) => {
      clearTimeout(deadline);
      clearInterval(memoryCheck);
      worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      if (keep) {
        keepWorker(worker);
        resolve(answer);
      } else {
        // The next read starts once this worker's memory is let go.
        void worker.terminate().finally(() => resolve(answer));
      }
    };
    const onMessage = (answer: WorkerAnswer) => finish(answer, true);
    const onError = (error: Error & { code?: string }) => finish({ status: "gave-up", reason: error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "memory" : "failed", error }, false);
    const onExit = (code: number) => finish({ status: "gave-up", reason: "failed", error: new Error(`PDF worker exited with code ${code}`) }, false);
    const deadline = setTimeout(() => finish({ status: "gave-up", reason: "time" }, false), timeoutMs);
    const memoryCheck = setInterval(() => {
      if (process.memoryUsage.rss() - startRss > PDF_READ_LIMITS.memoryGrowthBytes) finish({ status: "gave-up", reason: "memory" }, false);
    }, MEMORY_CHECK_MS);
    memoryCheck.unref();
    worker.on("message", onMessage).on("error", onError).on("exit", onExit);
    // The worker's own copy, handed over: pdf.js takes over the buffer it reads, and the caller keeps its bytes whole.
    const copy = new Uint8Array(bytes);
    const request: WorkerRequest = { bytes: copy, maxPages: PDF_READ_LIMITS.pages, maxInflatedBytes: PDF_READ_LIMITS.inflatedBytes, maxStreams: PDF_READ_LIMITS.streams };
    worker.postMessage(request, [copy.buffer]);
  });
}
