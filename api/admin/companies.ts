import { and, asc, count, desc, eq, gte, lte, max, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { ADMIN_COMPANIES_PER_PAGE, ADMIN_COMPANY_SORTS, ADMIN_COMPANY_STATUS_IDS, adminStatusLabel, type AdminCompanyStatus } from "../../domain/admin";
import { normalizeIsoDate, searchKey } from "../../domain/normalize";
import type { Database } from "../db/client";
import { adminListVersions, bankBranches, banks, companyPlans, plans } from "../db/schema";
import type { ListSummaries } from "../documents/list-query";
import { escapeLike } from "../db/like";
import { companiesInScope, type AdminScope } from "./scope";

const optionalDate = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined;
    const date = normalizeIsoDate(value);
    if (!date)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: "日付は YYYY-MM-DD の形式で指定してください。",
      });
    return date ?? undefined;
  });
const blankToUndefined = (value: unknown) => (value === "" ? undefined : value);

/** The bank's companies list: search by name (any width or kana type) or code, filters, sort, 50 a page. */
export const adminCompanyListQuery = z.object({
  q: z.string().trim().max(100).optional().default(""),
  plan_id: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(99).optional()),
  status: z.preprocess(blankToUndefined, z.enum(ADMIN_COMPANY_STATUS_IDS).optional()),
  bank_code: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{4}$/)
      .optional(),
  ),
  branch_code: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[0-9A-Za-z]{1,10}$/)
      .optional(),
  ),
  joined_from: optionalDate,
  joined_to: optionalDate,
  sort: z.preprocess(blankToUndefined, z.enum(ADMIN_COMPANY_SORTS).optional().default("join_date")),
  order: z.preprocess(blankToUndefined, z.enum(["asc", "desc"]).optional()),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  per_page: z.coerce.number().int().min(1).max(100).optional().default(ADMIN_COMPANIES_PER_PAGE),
});
export type AdminCompanyListQuery = z.output<typeof adminCompanyListQuery>;

const p = companyPlans;

/** Where a company stands on `today` (domain/plans planStatusOn, as the bank names it: domain/admin adminStatusOf), in SQL so the list can filter by it. */
export function statusSql(today: string): SQL<AdminCompanyStatus> {
  return sql<AdminCompanyStatus>`case
    when ${p.isSubscribeCancellation} and ${p.withdrawalDate} is not null and ${p.withdrawalDate} < ${today}::date then 'withdrawn'
    when ${p.isSubscribeCancellation} and ${p.withdrawalDate} is not null then 'cancellation_pending'
    when ${p.startDate} is not null and ${today}::date < ${p.startDate} then 'trial'
    else 'active' end`;
}

const cancelling = sql`(${p.isSubscribeCancellation} and ${p.withdrawalDate} is not null)`;

/** statusSql's cases one by one, as ranges the bank's indexes answer (a CASE over every row would not). */
const STATUS_CONDITIONS: Record<AdminCompanyStatus, (today: string) => SQL> = {
  withdrawn: (today) => sql`${p.isSubscribeCancellation} and ${p.withdrawalDate} < ${today}::date`,
  cancellation_pending: (today) => sql`${p.isSubscribeCancellation} and ${p.withdrawalDate} >= ${today}::date`,
  trial: (today) => sql`not ${cancelling} and ${p.startDate} > ${today}::date`,
  active: (today) => sql`not ${cancelling} and (${p.startDate} is null or ${p.startDate} <= ${today}::date)`,
};

/**
 * A name (any width or kana type, folded as it was stored) or the start of a
 * code. Names of three characters or more are found by the trigram index, of
 * two by the pairs index; codes by their pattern index.
 */
function searchCondition(q: string): SQL {
  const key = searchKey(q);
  const code = q.normalize("NFKC").trim();
  const name = [sql`${p.nameSearchKey} like ${`%${escapeLike(key)}%`}`];
  if ([...key].length === 2) name.push(sql`document_search_bigrams('', ${p.nameSearchKey}, '') @> array[lower(${key})]`);
  const codes = [...new Set([code, code.toUpperCase()])].map((typed) => sql`${p.companyUniqueCode} like ${`${escapeLike(typed)}%`}`);
  return or(and(...name), ...codes)!;
}

export function adminCompanyConditions(scope: AdminScope, query: AdminCompanyListQuery, today: string): SQL {
  const conditions: (SQL | undefined)[] = [companiesInScope(scope), sql`${p.joinDate} is not null`];
  if (query.q) conditions.push(searchCondition(query.q));
  if (query.plan_id !== undefined) conditions.push(eq(p.planId, query.plan_id));
  if (query.status) conditions.push(STATUS_CONDITIONS[query.status](today));
  if (query.bank_code) conditions.push(eq(p.bankCode, query.bank_code));
  if (query.branch_code) conditions.push(eq(p.branchCode, query.branch_code));
  if (query.joined_from) conditions.push(gte(p.joinDate, query.joined_from));
  if (query.joined_to) conditions.push(lte(p.joinDate, query.joined_to));
  return and(...conditions)!;
}

const SORTS = {
  join_date: p.joinDate,
  name: p.nameSearchKey,
  code: p.companyUniqueCode,
  plan: p.planId,
  branch: p.branchCode,
} as const;

/** What the list shows of a company: its codes and names, plan, status and dates. */
export function adminCompanyColumns(today: string) {
  return {
    companyUniqueCode: p.companyUniqueCode,
    companyName: p.companyName,
    bankCode: p.bankCode,
    bankName: banks.name,
    branchCode: p.branchCode,
    branchName: bankBranches.name,
    planId: p.planId,
    planName: plans.planName,
    status: statusSql(today),
    joinDate: p.joinDate,
    startDate: p.startDate,
    endDate: p.endDate,
    withdrawalDate: p.withdrawalDate,
  };
}

function listSelect(db: Database, today: string) {
  return db
    .select(adminCompanyColumns(today))
    .from(p)
    .leftJoin(banks, eq(banks.bankCode, p.bankCode))
    .leftJoin(bankBranches, and(eq(bankBranches.bankCode, p.bankCode), eq(bankBranches.branchCode, p.branchCode)))
    .leftJoin(plans, eq(plans.planId, p.planId));
}

/**
 * The banks' list version (admin_list_versions, moved by a trigger on every
 * change of a company's plan row): the sequence is shared, so the highest of
 * the banks in scope moves whenever any of them changes.
 */
async function listVersionOf(db: Database, scope: AdminScope, query: AdminCompanyListQuery): Promise<bigint | null> {
  const bank = scope.allBanks ? query.bank_code : scope.caller.bankCode;
  const [row] = await db
    .select({ version: max(adminListVersions.version) })
    .from(adminListVersions)
    .where(bank ? eq(adminListVersions.bankCode, bank) : undefined);
  return row?.version ?? null;
}

/** What a count depends on: the scope, the filters and the day (statuses change with it), not the sort or the page. */
function countKey(scope: AdminScope, query: AdminCompanyListQuery, today: string): string {
  return JSON.stringify([scope.allBanks, scope.caller.bankCode, scope.branchCode, query.q, query.plan_id, query.status, query.bank_code, query.branch_code, query.joined_from, query.joined_to, today]);
}

/**
 * One page of the filtered list and the filtered set's count. A filter's
 * count is computed once and then serves every page and sort of it until a
 * company of the banks in scope changes, so a bank of 10,000 companies pages
 * as fast as one of 100 (the rows of a page come from the indexes).
 */
export async function listAdminCompanies(db: Database, counts: ListSummaries<number>, scope: AdminScope, query: AdminCompanyListQuery, today: string) {
  const where = adminCompanyConditions(scope, query, today);
  // Newest joins first by default; names and codes read best A to Z.
  const order = query.order ?? (query.sort === "join_date" ? "desc" : "asc");
  const direction = order === "asc" ? asc : desc;
  const total = async () => {
    // The version first, so a count is never kept under a version newer than the rows it counted.
    const version = await listVersionOf(db, scope, query);
    const key = countKey(scope, query, today);
    const kept = version === null ? null : counts.get(key, version);
    if (kept !== null) return kept;
    const [summary] = await db.select({ total: count() }).from(p).where(where);
    const counted = Number(summary!.total);
    if (version !== null) counts.set(key, version, counted);
    return counted;
  };
  const [rows, totalCount] = await Promise.all([
    listSelect(db, today)
      .where(where)
      .orderBy(direction(SORTS[query.sort]), direction(p.companyUniqueCode))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    total(),
  ]);
  return { items: rows.map((row) => ({ ...row, statusLabel: adminStatusLabel(row.status) })), total: totalCount, page: query.page, perPage: query.per_page, sort: query.sort, order };
}

const EXPORT_BATCH = 1000;

/** Every company of the filtered list, a batch at a time, in code order (for the CSV). */
export async function* adminCompanyBatches(db: Database, scope: AdminScope, query: AdminCompanyListQuery, today: string) {
  const where = adminCompanyConditions(scope, query, today);
  for (let last = ""; ; ) {
    const rows = await listSelect(db, today)
      .where(and(where, sql`${p.companyUniqueCode} > ${last}`))
      .orderBy(asc(p.companyUniqueCode))
      .limit(EXPORT_BATCH);
    if (rows.length === 0) return;
    last = rows[rows.length - 1]!.companyUniqueCode;
    yield rows.map((row) => ({
      ...row,
      statusLabel: adminStatusLabel(row.status),
    }));
  }
}

/** The choices of the list's filters within the scope: plans, the branches (and for 9998, the banks) it may filter by. */
export async function adminCompanyFilterOptions(db: Database, scope: AdminScope) {
  const bankCondition = scope.allBanks ? undefined : eq(bankBranches.bankCode, scope.caller.bankCode);
  const branchCondition = scope.branchCode === null ? bankCondition : and(bankCondition, eq(bankBranches.branchCode, scope.branchCode));
  const [planRows, branchRows, bankRows] = await Promise.all([
    db
      .select({ planId: plans.planId, planName: plans.planName })
      .from(plans)
      .where(sql`${plans.planId} > 0`)
      .orderBy(asc(plans.sortOrder)),
    db
      .select({ bankCode: bankBranches.bankCode, branchCode: bankBranches.branchCode, name: bankBranches.name })
      .from(bankBranches)
      .where(branchCondition)
      .orderBy(asc(bankBranches.bankCode), asc(bankBranches.branchCode)),
    scope.allBanks ? db.select({ bankCode: banks.bankCode, name: banks.name }).from(banks).orderBy(asc(banks.bankCode)) : Promise.resolve([]),
  ]);
  return { plans: planRows, branches: branchRows, banks: bankRows };
}
