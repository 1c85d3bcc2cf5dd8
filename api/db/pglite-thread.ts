import { Worker } from "node:worker_threads";
import type { PGlite, QueryOptions, Results } from "@electric-sql/pglite";
import type { EmbeddedOptions } from "./pglite-setup";
import type { WorkerAnswer, WorkerFailure, WorkerReady, WorkerRequest, WorkerStart } from "./pglite-worker";

/** Distributes Omit over the request union, so each operation keeps its own fields. */
type Request = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, "id"> : never) : never;

/** What a statement can be sent through: the database, or one open transaction. */
type Queryable = { query: <Row>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<Row>> };

/** A failure of the worker as the caller's own error: api/errors.ts reads PostgreSQL's code and constraint from it. */
function errorOf(failure: WorkerFailure): Error {
  return Object.assign(new Error(failure.message), failure.fields, { name: failure.name });
}

/**
 * The worker stopped (it failed or was ended): every statement fails as PostgreSQL's own do when the server
 * shuts down (57P01), which api/errors.ts answers as 503 and /readyz reports.
 */
function stoppedError(cause?: unknown): Error {
  return Object.assign(new Error("The embedded database's thread has stopped", { cause }), { code: "57P01" });
}

/**
 * PGlite in a worker thread of its own (pglite-worker.ts, decision 051), answering what Drizzle's PGlite driver
 * and this project ask of a PGlite instance: query, transaction, dumpDataDir and close. Statements and
 * transactions keep PGlite's semantics, since the worker runs them on PGlite's own: a statement outside a
 * transaction waits until the open one ends. Dates, timestamps and intervals come back as PostgreSQL's text in
 * every statement, as Drizzle asks of each (pglite-worker.ts).
 */
export class PgliteThread implements Queryable {
  readonly #worker: Worker;
  readonly #calls = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #nextCall = 1;
  #stopped: Error | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (answer: WorkerAnswer) => {
      const call = this.#calls.get(answer.id);
      if (!call) return;
      this.#calls.delete(answer.id);
      if (answer.ok) call.resolve(answer.value);
      else call.reject(errorOf(answer.failure));
    });
    const stop = (cause?: unknown) => {
      this.#stopped ??= stoppedError(cause);
      for (const call of this.#calls.values()) call.reject(this.#stopped);
      this.#calls.clear();
    };
    worker.on("error", stop);
    worker.on("exit", () => stop());
  }

  /** Starts the worker and waits until its database is open; a database that cannot open fails here. */
  static async start({ dataDir, loadDataDir }: EmbeddedOptions): Promise<PgliteThread> {
    const dump = loadDataDir ? await loadDataDir.arrayBuffer() : undefined;
    const worker = new Worker(workerUrl(), {
      workerData: { dataDir, loadDataDir: dump } satisfies WorkerStart,
      transferList: dump ? [dump] : [],
      // The server's own flags (its heap size among them) are not the worker's.
      execArgv: [],
    });
    const ready = await new Promise<WorkerReady>((resolve, reject) => {
      const ended = (code: number) => reject(new Error(`The embedded database's thread ended (${code}) before it was ready`));
      worker.once("error", reject);
      worker.once("exit", ended);
      worker.once("message", (message: WorkerReady) => {
        worker.off("error", reject);
        worker.off("exit", ended);
        resolve(message);
      });
    });
    if (!ready.ready) {
      await worker.terminate();
      throw errorOf(ready.failure);
    }
    return new PgliteThread(worker);
  }

  query<Row>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<Row>> {
    return this.#query(text, params, options);
  }

  /** Runs `run` in one transaction: committed when it returns, rolled back when it throws. */
  async transaction<T>(run: (tx: Queryable) => Promise<T>): Promise<T> {
    const tx = (await this.#call({ op: "begin" })) as number;
    let result: T;
    try {
      result = await run({ query: (text, params = [], options) => this.#query(text, params, options, tx) });
    } catch (error) {
      // The caller's failure is the one to report; a rollback that fails too (the worker gone) adds nothing.
      await this.#call({ op: "end", tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.#call({ op: "end", tx, commit: true });
    return result;
  }

  /** The data folder as an uncompressed tar, as PGlite's dumpDataDir("none"): it waits for statements, not for transactions. */
  async dumpDataDir(): Promise<Blob> {
    return new Blob([(await this.#call({ op: "dump" })) as ArrayBuffer]);
  }

  /** Closes the database; the worker then ends of itself. */
  async close(): Promise<void> {
    if (this.#stopped) return;
    const ended = new Promise((resolve) => this.#worker.once("exit", resolve));
    await this.#call({ op: "close" });
    // Should anything keep the thread alive, it is ended after a moment.
    const stopper = setTimeout(() => void this.#worker.terminate(), 5_000);
    await ended;
    clearTimeout(stopper);
  }

  #query<Row>(text: string, params: unknown[], options: QueryOptions | undefined, tx?: number): Promise<Results<Row>> {
    // Drizzle's driver asks for dates and intervals as text with parsers that return their input: only the types cross.
    const textTypes = Object.keys(options?.parsers ?? {}).map(Number);
    return this.#call({ op: "query", tx, text, params, rowMode: options?.rowMode, textTypes }) as Promise<Results<Row>>;
  }

  #call(request: Request): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextCall++;
    return new Promise((resolve, reject) => {
      this.#calls.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id } satisfies WorkerRequest);
    });
  }
}

/**
 * From dist/, the worker is bundled beside the server (scripts/build-server.mjs).
 * From source (vitest, tsx) pglite-worker.dev.mjs registers tsx in the worker first.
 */
function workerUrl(): URL {
  return new URL(import.meta.url.endsWith(".ts") ? "./pglite-worker.dev.mjs" : "./pglite-worker.js", import.meta.url);
}

/** Drizzle's PGlite driver calls only query and transaction on its client, which PgliteThread answers as PGlite does. */
export function asPglite(thread: PgliteThread): PGlite {
  return thread as unknown as PGlite;
}
