import { and, asc, count, desc, eq, gte, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { searchKey } from "../../domain/normalize";
import { MATCH_RESULT_IDS, RECEIVED_KIND_IDS, RECEIVED_PER_PAGE, RECEIVED_SORTS, RECEIVE_FILTER_IDS, parseYen } from "../../domain/received-documents";
import type { Database } from "../db/client";
import { documentListVersions, receivedDocuments } from "../db/schema";
import type { ListSummaries } from "../documents/list-query";
import { escapeLike } from "../db/like";
import type { DocumentScope } from "../documents/scope";

const yen = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const parsed = parseYen(value);
    if (parsed === null) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "金額" });
    return parsed === null ? null : Number(parsed);
  });
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .or(z.literal("").transform(() => undefined));

/** The received list's filters (電子帳簿保存法's three keys, combinable, plus result, link filter and free text). */
export const receivedListQuery = z.object({
  kind: z.enum(RECEIVED_KIND_IDS),
  q: z.string().max(100).optional().default(""),
  supplier: z.string().max(100).optional().default(""),
  date_from: isoDate,
  date_to: isoDate,
  amount_min: yen,
  amount_max: yen,
  match_result: z
    .enum(["none", ...MATCH_RESULT_IDS.map(String)] as [string, ...string[]])
    .optional()
    .or(z.literal("").transform(() => undefined)),
  filter: z
    .enum(RECEIVE_FILTER_IDS)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  deleted: z.enum(["exclude", "include", "only"]).optional().default("exclude"),
  sort: z.enum(RECEIVED_SORTS).optional().default("transaction_date"),
  order: z.enum(["asc", "desc"]).optional().default("desc"),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  per_page: z.coerce.number().int().min(1).max(100).optional().default(RECEIVED_PER_PAGE),
});

export type ReceivedListQuery = z.output<typeof receivedListQuery>;

const r = receivedDocuments;

/** Which received documents a caller may see: the company's, or only those they registered (receive_reference_id 2). */
export function inReceiveScope(scope: DocumentScope): SQL {
  return and(eq(r.companyUniqueCode, scope.tenant), scope.createdBy === null ? undefined : eq(r.createdBy, scope.createdBy))!;
}

const searchText = sql`document_search_text(coalesce(${r.documentNumber}, ''), ${r.supplierSearchKey}, ${r.notes})`;
const searchBigrams = sql`document_search_bigrams(coalesce(${r.documentNumber}, ''), ${r.supplierSearchKey}, ${r.notes})`;

/** What the search indexes answer (as the issued list does, decision 021): null for one character, which narrows nothing. */
function searchIndexCondition(texts: string[]): SQL | null {
  const distinct = [...new Set(texts.map((text) => (/^[\x20-\x7e]*$/.test(text) ? text.toLowerCase() : text)))];
  const arms = distinct.map((text) => {
    const length = [...text].length;
    if (length >= 3) return sql`${searchText} ilike ${`%${escapeLike(text)}%`}`;
    if (length === 2) return sql`${searchBigrams} @> array[lower(${text})]`;
    return null;
  });
  return arms.every((arm) => arm !== null) ? or(...arms)! : null;
}

const hasPayeeAccount = sql`(${r.payeeAccountNumber} is not null)`;

export function receivedConditions(scope: DocumentScope, query: ReceivedListQuery): SQL {
  const conditions: (SQL | undefined)[] = [inReceiveScope(scope), eq(r.kind, query.kind)];
  const key = searchKey(query.q);
  if (key) {
    const typed = query.q.trim();
    conditions.push(searchIndexCondition([typed, key]) ?? undefined);
    conditions.push(
      sql`document_search_matches(coalesce(${r.documentNumber}, ''), ${r.supplierSearchKey}, ${r.notes}, ${`%${escapeLike(typed)}%`}, ${`%${escapeLike(key)}%`})`,
    );
  }
  const supplier = searchKey(query.supplier);
  if (supplier) {
    conditions.push(searchIndexCondition([supplier]) ?? undefined);
    conditions.push(sql`${r.supplierSearchKey} like ${`%${escapeLike(supplier)}%`}`);
  }
  if (query.date_from) conditions.push(gte(r.transactionDate, query.date_from));
  if (query.date_to) conditions.push(lte(r.transactionDate, query.date_to));
  if (query.amount_min !== null) conditions.push(gte(r.amount, query.amount_min));
  if (query.amount_max !== null) conditions.push(lte(r.amount, query.amount_max));
  if (query.match_result === "none") conditions.push(isNull(r.matchResult));
  else if (query.match_result) conditions.push(eq(r.matchResult, Number(query.match_result)));
  const filters: Record<string, SQL> = {
    only: sql`${r.customerId} is null and not ${hasPayeeAccount}`,
    with_customer: sql`${r.customerId} is not null and not ${hasPayeeAccount}`,
    with_account: sql`${r.customerId} is null and ${hasPayeeAccount}`,
    with_both: sql`${r.customerId} is not null and ${hasPayeeAccount}`,
  };
  if (query.filter) conditions.push(filters[query.filter]);
  if (query.deleted === "exclude") conditions.push(isNull(r.deletedAt));
  if (query.deleted === "only") conditions.push(isNotNull(r.deletedAt));
  return and(...conditions)!;
}

const SORT_COLUMNS = { transaction_date: r.transactionDate, amount: r.amount, supplier: r.supplierSearchKey, updated: r.updatedAt } as const;

/** The columns the list shows: the three search keys, the result and what a row links to. */
export const LIST_COLUMNS = {
  id: r.id,
  transactionDate: r.transactionDate,
  amount: r.amount,
  supplierName: r.supplierName,
  documentNumber: r.documentNumber,
  registrationNumber: r.registrationNumber,
  matchResult: r.matchResult,
  creditRate: r.creditRate,
  origin: r.origin,
  deletedAt: r.deletedAt,
};

/** The row of document_list_versions that every change of a company's received documents moves (a trigger, migration 0021). */
export const RECEIVED_LIST_VERSION_KIND = "received";

/** What a count and sum depend on: the scope and the filters, not the sort or the page. */
function summaryKey(scope: DocumentScope, query: ReceivedListQuery): string {
  return JSON.stringify([scope.tenant, scope.createdBy, query.kind, query.q, query.supplier, query.date_from, query.date_to, query.amount_min, query.amount_max, query.match_result, query.filter, query.deleted]);
}

export type ReceivedSummary = { total: number; sum: string };

/**
 * One page of the filtered list and the filtered set's count and sum, exact.
 * The count and sum of a filter are computed once and kept until a received
 * document of the company changes (its "received" list version, migration
 * 0021), as the issued lists keep theirs: a search whose trigrams every
 * document number shares costs its index scan once, not on every page.
 */
export async function listReceived(db: Database, summaries: ListSummaries<ReceivedSummary>, scope: DocumentScope, query: ReceivedListQuery) {
  const where = receivedConditions(scope, query);
  const column = SORT_COLUMNS[query.sort];
  const direction = query.order === "asc" ? asc : desc;
  const summary = async (): Promise<ReceivedSummary> => {
    // The version first, so a summary is never kept under a version newer than the rows it counted.
    const [listVersion] = await db
      .select({ version: documentListVersions.version })
      .from(documentListVersions)
      .where(and(eq(documentListVersions.companyUniqueCode, scope.tenant), eq(documentListVersions.kind, RECEIVED_LIST_VERSION_KIND)));
    const version = listVersion?.version ?? null;
    const key = summaryKey(scope, query);
    const kept = version === null ? null : summaries.get(key, version);
    if (kept) return kept;
    const [summed] = await db.select({ total: count(), amount: sql<string>`coalesce(sum(${r.amount}), 0)::text` }).from(r).where(where);
    const computed = { total: Number(summed!.total), sum: summed!.amount };
    if (version !== null) summaries.set(key, version, computed);
    return computed;
  };
  const [rows, { total, sum }] = await Promise.all([
    db
      .select(LIST_COLUMNS)
      .from(r)
      .where(where)
      .orderBy(direction(column), direction(r.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    summary(),
  ]);
  return { rows, total, sum };
}
