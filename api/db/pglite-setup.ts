import { PGlite, types } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * PostgreSQL's default of 128 MB of shared buffers is allocated in PGlite's
 * WebAssembly memory up front, most of the embedded server's idle memory;
 * a small company's working set fits in a quarter of it, and reads beyond it
 * come from the operating system's file cache (README: "Memory").
 */
const PGLITE_CONF = ["shared_buffers = 32MB"];

/**
 * bytea parameters as hex written by Node: PGlite's own serializer makes a string of every byte and joins
 * them, which held its thread for a second per 2 MB written (a bank statement, a received document).
 */
const PGLITE_SERIALIZERS = {
  [types.BYTEA]: (bytes: Uint8Array) => `\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex")}`,
};

export type EmbeddedOptions = { dataDir?: string; loadDataDir?: Blob };

/** The embedded database as the product runs it, in whichever thread calls this. */
export async function startPglite({ dataDir, loadDataDir }: EmbeddedOptions): Promise<PGlite> {
  // pg_trgm serves the document list's search index (migration 0016); PostgreSQL has it in contrib.
  const client = new PGlite({ dataDir, loadDataDir, postgresqlconf: PGLITE_CONF, extensions: { pg_trgm }, serializers: PGLITE_SERIALIZERS });
  await client.waitReady;
  return client;
}
