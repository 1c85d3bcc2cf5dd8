import { and, asc, count, desc, eq, gte, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { parseDecimalInput } from "../../domain/decimal";
import { DOCUMENT_KIND_IDS } from "../../domain/document-kinds";
import { DOCUMENT_SORTS, VOIDED_FILTERS } from "../../domain/documents";
import { mailDisplayStatus } from "../../domain/mail-status";
import { searchKey } from "../../domain/normalize";
import type { Database } from "../db/client";
import { preparedPerHandle } from "../db/prepared";
import { documentListVersions, documentMails, documents, documentTotals } from "../db/schema";
import { escapeLike } from "../db/like";
import { LIST_COLUMNS } from "./presenters";
import { inScope, type DocumentScope } from "./scope";

export const DOCUMENTS_PER_PAGE = 50;

const amount = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const parsed = parseDecimalInput(value);
    if (parsed === null) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "金額" });
    return parsed;
  });
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .or(z.literal("").transform(() => undefined));

export const listQuery = z.object({
  kind: z.enum(DOCUMENT_KIND_IDS),
  q: z.string().max(100).optional().default(""),
  // Within PostgreSQL's integer: a value past it would fail in the query, after an export has begun to stream.
  status: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  customer_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  issued_from: isoDate,
  issued_to: isoDate,
  amount_min: amount,
  amount_max: amount,
  voided: z.enum(VOIDED_FILTERS).optional().default("exclude"),
  sort: z.enum(DOCUMENT_SORTS).optional().default("issue_date"),
  order: z.enum(["asc", "desc"]).optional().default("desc"),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  per_page: z.coerce.number().int().min(1).max(100).optional().default(DOCUMENTS_PER_PAGE),
});

export type ListQuery = z.output<typeof listQuery>;

/**
 * What the search indexes answer for a search (migration 0016): a document
 * whose number, customer search key or subject contains one of the texts has
 * it in document_search_text (a pg_trgm index, for three characters or more)
 * and, for two characters, the pair among document_search_bigrams (a GIN
 * index of exact pairs). True of every document the search finds and of few
 * others; null when a text is a single character, which finds too much to narrow.
 */
function searchIndexCondition(texts: string[]): SQL | null {
  // ILIKE and lower() fold ASCII letters alike, so "INV-1" and "inv-1" ask the same.
  const distinct = [...new Set(texts.map((text) => (/^[\x20-\x7e]*$/.test(text) ? text.toLowerCase() : text)))];
  const arms = distinct.map((text) => {
    const length = [...text].length;
    if (length >= 3) return sql`document_search_text(${documents.number}, ${documents.customerSearchKey}, ${documents.subject}) ilike ${`%${escapeLike(text)}%`}`;
    if (length === 2) return sql`document_search_bigrams(${documents.number}, ${documents.customerSearchKey}, ${documents.subject}) @> array[lower(${text})]`;
    return null;
  });
  return arms.every((arm) => arm !== null) ? or(...arms)! : null;
}

/** The list's filters as SQL, always inside the caller's scope and the kind. */
export function listConditions(scope: DocumentScope, query: ListQuery): SQL {
  const conditions: (SQL | undefined)[] = [inScope(scope), eq(documents.kind, query.kind)];
  const key = searchKey(query.q);
  if (key) {
    const typed = query.q.trim();
    // The index narrows; the three ILIKEs of document_search_matches decide, so what a search finds does not depend on the index.
    conditions.push(searchIndexCondition([typed, key]) ?? undefined);
    conditions.push(
      sql`document_search_matches(${documents.number}, ${documents.customerSearchKey}, ${documents.subject}, ${`%${escapeLike(typed)}%`}, ${`%${escapeLike(key)}%`})`,
    );
  }
  if (query.status !== undefined) conditions.push(eq(documents.status, query.status));
  if (query.customer_id !== undefined) conditions.push(eq(documents.customerId, query.customer_id));
  if (query.issued_from) conditions.push(gte(documents.issueDate, query.issued_from));
  if (query.issued_to) conditions.push(lte(documents.issueDate, query.issued_to));
  if (query.amount_min) conditions.push(gte(documents.taxIncluded, query.amount_min));
  if (query.amount_max) conditions.push(lte(documents.taxIncluded, query.amount_max));
  if (query.voided === "exclude") conditions.push(isNull(documents.voidedAt));
  if (query.voided === "only") conditions.push(isNotNull(documents.voidedAt));
  return and(...conditions)!;
}

export const SORT_COLUMNS = {
  issue_date: documents.issueDate,
  number: documents.number,
  customer: documents.customerSearchKey,
  amount: documents.taxIncluded,
  status: documents.status,
  updated: documents.updatedAt,
} as const;

/** Count and sums of a filtered list: exact, as money is. */
export type ListSummary = { total: number; taxIncluded: string; amountDue: string };

/**
 * The summaries of recently viewed filters, each with the list version
 * (document_list_versions) it was computed at: a filter's count and sums are
 * computed once and then serve every page and sort of it until a document of
 * the company and kind is added, changed or deleted, which moves the version.
 * One per database (documentRoutes makes it); the oldest are dropped past
 * `capacity`. The admin companies list keeps its counts the same way, under
 * its banks' versions (admin_list_versions).
 */
export class ListSummaries<Summary = ListSummary> {
  private readonly entries = new Map<string, { version: bigint; summary: Summary }>();

  constructor(private readonly capacity = 1000) {}

  get(key: string, version: bigint): Summary | null {
    const entry = this.entries.get(key);
    return entry && entry.version === version ? entry.summary : null;
  }

  set(key: string, version: bigint, summary: Summary): void {
    // A slower request that read an older version must not replace what a newer one computed.
    const existing = this.entries.get(key);
    if (existing && existing.version > version) return;
    this.entries.delete(key);
    this.entries.set(key, { version, summary });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}

/** What a summary depends on: the scope and the filters, not the sort or the page. */
function filterKey(scope: DocumentScope, query: ListQuery): string {
  return JSON.stringify([scope.tenant, scope.createdBy, query.kind, query.q, query.status, query.customer_id, query.issued_from, query.issued_to, query.amount_min, query.amount_max, query.voided]);
}

/** The kept totals of the company's documents of a kind, of one status or of any (the list unfiltered but by status). */
const totalsStatement = (statuses: "ofStatus" | "anyStatus") =>
  preparedPerHandle((db: Database) =>
    db
      .select({
        total: sql<string>`coalesce(sum(${documentTotals.documentCount}), 0)`,
        taxIncluded: sql<string>`coalesce(sum(${documentTotals.taxIncluded}), 0)`,
        amountDue: sql<string>`coalesce(sum(${documentTotals.amountDue}), 0)`,
      })
      .from(documentTotals)
      .where(
        and(
          eq(documentTotals.companyUniqueCode, sql.placeholder("tenant")),
          eq(documentTotals.kind, sql.placeholder("kind")),
          statuses === "ofStatus" ? eq(documentTotals.status, sql.placeholder("status")) : undefined,
        ),
      ),
  );

const totalsStatements = { ofStatus: totalsStatement("ofStatus"), anyStatus: totalsStatement("anyStatus") };

/**
 * Count and sums of the filtered set, always exact. A view of the whole
 * company filtered by status at most is read from document_totals (kept by a
 * trigger per company), which costs the same for any number of documents.
 * Other filters, and any view limited to the caller's own documents, are summed over the rows
 * they select, once per filter and list version (see ListSummaries): the
 * version is read first, so a summary is never kept under a version older
 * than the rows it counted, and any change to the documents recomputes it.
 */
export async function summaryOf(db: Database, summaries: ListSummaries, scope: DocumentScope, query: ListQuery, where: SQL): Promise<ListSummary> {
  const { tenant } = scope;
  const byStatusOnly = scope.createdBy === null && !searchKey(query.q) && query.customer_id === undefined && !query.issued_from && !query.issued_to && !query.amount_min && !query.amount_max && query.voided === "exclude";
  if (byStatusOnly) {
    const statement = query.status === undefined ? totalsStatements.anyStatus : totalsStatements.ofStatus;
    const [summary] = await statement(db).execute({ tenant, kind: query.kind, status: query.status });
    return { total: Number(summary!.total), taxIncluded: String(summary!.taxIncluded), amountDue: String(summary!.amountDue) };
  }
  const [listVersion] = await db
    .select({ version: documentListVersions.version })
    .from(documentListVersions)
    .where(and(eq(documentListVersions.companyUniqueCode, tenant), eq(documentListVersions.kind, query.kind)));
  // No version yet: the company never had a document of the kind, and there is nothing to sum.
  const version = listVersion?.version ?? null;
  const key = filterKey(scope, query);
  const kept = version === null ? null : summaries.get(key, version);
  if (kept) return kept;
  const [summed] = await db
    .select({
      total: count(),
      taxIncluded: sql<string>`coalesce(sum(${documents.taxIncluded}), 0)`,
      amountDue: sql<string>`coalesce(sum(${documents.amountDue}), 0)`,
    })
    .from(documents)
    .where(where);
  const summary = { total: Number(summed!.total), taxIncluded: String(summed!.taxIncluded), amountDue: String(summed!.amountDue) };
  if (version !== null) summaries.set(key, version, summary);
  return summary;
}

/** The listed row's id, named with its table: a one-table subquery names its columns bare, so a bare "id" there is document_mails' own. */
const listedId = sql`${documents}.${sql.identifier(documents.id.name)}`;

/** Each listed row's latest send, joined in the list's statement (an index walk per row: document_mails_document_idx). */
const latestMail = (db: Database) =>
  db
    .select({ status: documentMails.status, firstOpenedAt: documentMails.firstOpenedAt })
    .from(documentMails)
    .where(sql`${documentMails.documentId} = ${listedId}`)
    .orderBy(desc(documentMails.id))
    .limit(1)
    .as("latest_mail");

/** A page of the filtered list, each row with the state of its latest send (SPEC §4: blank, 送信済, 閲覧済, 送信エラー), and the count and sums of the whole filter. */
export async function listDocuments(db: Database, summaries: ListSummaries, scope: DocumentScope, query: ListQuery) {
  const where = listConditions(scope, query);
  const direction = query.order === "asc" ? asc : desc;
  const mail = latestMail(db);
  const [rows, summary] = await Promise.all([
    db
      .select({ ...LIST_COLUMNS, mailStatus: mail.status, mailOpenedAt: mail.firstOpenedAt })
      .from(documents)
      .leftJoinLateral(mail, sql`true`)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[query.sort]), direction(documents.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    summaryOf(db, summaries, scope, query, where),
  ]);
  return {
    rows: rows.map(({ mailStatus, mailOpenedAt, ...row }) => ({
      ...row,
      mailStatus: mailStatus === null ? null : mailDisplayStatus({ status: mailStatus, first_opened_at: mailOpenedAt?.toISOString() ?? null }),
    })),
    summary,
  };
}
