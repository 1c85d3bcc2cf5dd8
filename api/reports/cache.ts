import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { documentListVersions } from "../db/schema";

/**
 * Computed reports kept per process until the data under them changes
 * (docs/decisions/028), as the lists keep their sums (ListSummaries): each
 * entry carries the list version (document_list_versions, moved by a trigger
 * on every insert, update and delete of the company's documents of the kind;
 * "received" for received documents, migration 0021) it was computed at, and
 * is served only while that version is current. Several instances each keep
 * their own; none ever serves a figure older than the database.
 */
export class ReportCache {
  private readonly entries = new Map<string, { version: string; value: unknown }>();

  constructor(private readonly capacity = 500) {}

  async get<T>(db: Database, tenant: string, kinds: readonly string[], key: string, compute: () => Promise<T>): Promise<T> {
    // The version first: rows changed while computing move it, so what was computed is never kept under a newer one.
    const version = await versionOf(db, tenant, kinds);
    const kept = this.entries.get(key);
    if (kept && kept.version === version) return kept.value as T;
    const value = await compute();
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}

/** The kinds' list versions in one statement, in the order given. */
async function versionOf(db: Database, tenant: string, kinds: readonly string[]): Promise<string> {
  const rows = await db
    .select({ kind: documentListVersions.kind, version: documentListVersions.version })
    .from(documentListVersions)
    .where(and(eq(documentListVersions.companyUniqueCode, tenant), inArray(documentListVersions.kind, [...kinds])));
  return kinds.map((kind) => String(rows.find((row) => row.kind === kind)?.version ?? 0)).join(":");
}
