import { and, asc, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { ADMIN_COMPANIES_PER_PAGE, ADMIN_COMPANY_SORTS, ADMIN_COMPANY_STATUS_IDS, adminStatusLabel, type AdminCompanyStatus } from "../../domain/admin";
import { normalizeIsoDate, searchKey } from "../../domain/normalize";
import type { Database } from "../db/client";
import { bankBranches, banks, companyPlans, plans } from "../db/schema";
import { escapeLike } from "../routes/master-records";
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

export function adminCompanyConditions(scope: AdminScope, query: AdminCompanyListQuery, today: string): SQL {
  const conditions: (SQL | undefined)[] = [companiesInScope(scope), sql`${p.joinDate} is not null`];
  if (query.q) {
    const key = searchKey(query.q);
    const code = query.q.normalize("NFKC").trim();
    conditions.push(or(sql`${p.nameSearchKey} like ${`%${escapeLike(key)}%`}`, ilike(p.companyUniqueCode, `${escapeLike(code)}%`)));
  }
  if (query.plan_id !== undefined) conditions.push(eq(p.planId, query.plan_id));
  if (query.status) conditions.push(sql`${statusSql(today)} = ${query.status}`);
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

export async function listAdminCompanies(db: Database, scope: AdminScope, query: AdminCompanyListQuery, today: string) {
  const where = adminCompanyConditions(scope, query, today);
  // Newest joins first by default; names and codes read best A to Z.
  const order = query.order ?? (query.sort === "join_date" ? "desc" : "asc");
  const direction = order === "asc" ? asc : desc;
  const [rows, [summary]] = await Promise.all([
    listSelect(db, today)
      .where(where)
      .orderBy(direction(SORTS[query.sort]), direction(p.companyUniqueCode))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: count() }).from(p).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      ...row,
      statusLabel: adminStatusLabel(row.status),
    })),
    total: Number(summary!.total),
    page: query.page,
    perPage: query.per_page,
    sort: query.sort,
    order,
  };
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
