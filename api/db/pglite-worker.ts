/**
 * The embedded database in a thread of its own (decision 051): PGlite runs PostgreSQL in WebAssembly on the
 * thread that calls it, so in the server's thread every statement held every other request for its 1–1.5 ms.
 * This worker owns the PGlite instance; pglite-thread.ts forwards Drizzle's calls to it.
 */
import { parentPort, workerData } from "node:worker_threads";
import { types, type PGlite, type Transaction } from "@electric-sql/pglite";
import { startPglite } from "./pglite-setup";
import { NamedStatements } from "./pglite-statements";

export type WorkerStart = { dataDir?: string; loadDataDir?: ArrayBuffer };

export type WorkerRequest = { id: number } & (
  | {
      op: "query";
      /** The open transaction the statement belongs to; none for a statement of its own. */
      tx?: number;
      text: string;
      params: unknown[];
      rowMode?: "array" | "object";
      /** Types the caller asks back as PostgreSQL's text: Drizzle's dates and intervals (DRIZZLE_TEXT_TYPES), kept so for every statement. */
      textTypes: number[];
    }
  | { op: "begin" }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "dump" }
  | { op: "close" }
);

/** A failure as fields a message can carry: PostgreSQL's (code, constraint, detail…) are what callers read. */
export type WorkerFailure = { name: string; message: string; fields: Record<string, string | number | boolean> };

export type WorkerAnswer = { id: number } & ({ ok: true; value: unknown } | { ok: false; failure: WorkerFailure });

export type WorkerReady = { ready: true } | { ready: false; failure: WorkerFailure };

const port = parentPort!;
const start = workerData as WorkerStart;

function failureOf(error: unknown): WorkerFailure {
  if (!(error instanceof Error)) return { name: "Error", message: String(error), fields: {} };
  const fields: WorkerFailure["fields"] = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

/** Thrown inside PGlite's transaction to have it roll back; never leaves this file. */
const ROLL_BACK = Symbol("roll back");

type OpenTransaction = { tx: Transaction; decide: (commit: boolean) => void; finished: Promise<void> };

/** Dates, timestamps and intervals, and arrays of them (numeric[] too): what Drizzle's driver asks back as text on every statement. */
const DRIZZLE_TEXT_TYPES = new Set([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182]);

/**
 * The instance keeps Drizzle's text types as text for every statement, so a statement asking for them needs no
 * parsers of its own: PGlite copies its whole table of parsers (every type and its array) into a new object for each
 * statement given some, a sixth of this thread's time under load.
 */
function keepDrizzleTypesAsText(pg: PGlite) {
  for (const type of DRIZZLE_TEXT_TYPES) pg.parsers[type] = (text: string) => text;
}

function serve(pg: PGlite) {
  const transactions = new Map<number, OpenTransaction>();
  let nextTransaction = 1;

  /** Opens a transaction with PGlite's own, which holds its lock (statements outside wait) until `end`. */
  const begin = () =>
    new Promise<number>((opened, failed) => {
      const id = nextTransaction++;
      let decide!: (commit: boolean) => void;
      const decided = new Promise<boolean>((resolve) => (decide = resolve));
      const finished = pg
        .transaction(async (tx) => {
          transactions.set(id, { tx, decide, finished });
          opened(id);
          if (!(await decided)) throw ROLL_BACK;
        })
        .then(
          () => undefined,
          (error: unknown) => {
            if (error !== ROLL_BACK) throw error;
          },
        )
        .finally(() => transactions.delete(id));
      // A BEGIN that failed never opened: its failure is the answer.
      finished.catch(failed);
    });

  const end = async (id: number, commit: boolean) => {
    const open = transactions.get(id);
    if (!open) throw new Error(`No open transaction ${id}`);
    open.decide(commit);
    await open.finished;
  };

  // Statements on their own (the pages' reads) run as named statements; a transaction's as PGlite runs them.
  const named = new NamedStatements(pg);
  const queryOf = (tx: number | undefined): Transaction["query"] => {
    if (tx === undefined) return (text, params, options) => named.query(text, params ?? [], options?.rowMode);
    const open = transactions.get(tx);
    if (!open) throw new Error(`No open transaction ${tx}`);
    return (text, params, options) => open.tx.query(text, params, options);
  };

  const run = async (request: WorkerRequest): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> => {
    switch (request.op) {
      case "query": {
        // Only Drizzle's driver asks for text, and only for these; anything else would come back parsed.
        const other = request.textTypes.find((type) => !DRIZZLE_TEXT_TYPES.has(type));
        if (other !== undefined) throw new Error(`The embedded database's thread keeps only Drizzle's types as text, not type ${other}`);
        const { rows, fields, affectedRows } = await queryOf(request.tx)(request.text, request.params, { rowMode: request.rowMode });
        return { value: { rows, fields, affectedRows } };
      }
      case "begin":
        return { value: await begin() };
      case "end":
        return { value: await end(request.tx, request.commit) };
      case "dump": {
        const buffer = await (await pg.dumpDataDir("none")).arrayBuffer();
        return { value: buffer, transfer: [buffer] };
      }
      case "close":
        return { value: await pg.close() };
    }
  };

  port.on("message", (request: WorkerRequest) => {
    run(request).then(
      ({ value, transfer }) => {
        port.postMessage({ id: request.id, ok: true, value } satisfies WorkerAnswer, transfer);
        // Closed: the thread ends of itself, as a process does (a CPU profile is written then, not on terminate()).
        if (request.op === "close") port.close();
      },
      (error: unknown) => port.postMessage({ id: request.id, ok: false, failure: failureOf(error) } satisfies WorkerAnswer),
    );
  });
}

startPglite({ dataDir: start.dataDir, loadDataDir: start.loadDataDir ? new Blob([start.loadDataDir]) : undefined }).then(
  (pg) => {
    keepDrizzleTypesAsText(pg);
    serve(pg);
    port.postMessage({ ready: true } satisfies WorkerReady);
  },
  (error: unknown) => port.postMessage({ ready: false, failure: failureOf(error) } satisfies WorkerReady),
);
