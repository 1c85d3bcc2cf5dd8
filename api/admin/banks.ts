import { and, asc, count, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { BankSettingsInput, NoticeStatus } from "../../domain/admin-banks";
import { offeredPlans } from "../accounts/store";
import type { Database } from "../db/client";
import { bankBranches, bankNotices, banks, companyPlans, terms } from "../db/schema";
import { conflict, notFound } from "../errors";
import { auditOf, recordAdminAction, type AdminActor } from "./audit";
import { reservationsOf } from "./reservations";
import { ADMIN_NOT_FOUND, type AdminScope } from "./scope";

export const STALE_BANK_SETTINGS = "ほかの操作でこの銀行設定が更新されています。画面を読み込み直して、最新の内容を確認してから変更してください。";

/** The banks the scope sees (every bank for 9998's system admin), with how many companies joined through each (a branch's staff: through their branch). */
export async function listBanks(db: Database, scope: AdminScope) {
  const counts = db
    .select({
      bankCode: companyPlans.bankCode,
      companies: count().as("companies"),
    })
    .from(companyPlans)
    .where(and(isNotNull(companyPlans.joinDate), scope.branchCode === null ? undefined : eq(companyPlans.branchCode, scope.branchCode)))
    .groupBy(companyPlans.bankCode)
    .as("company_counts");
  const items = await db
    .select({
      bankCode: banks.bankCode,
      name: banks.name,
      baName: banks.baName,
      enablePaymentReceive: banks.enablePaymentReceive,
      checkPaymentMethodFilled: banks.checkPaymentMethodFilled,
      isPaymentMethodFilled: banks.isPaymentMethodFilled,
      companyCount: sql<number>`coalesce(${counts.companies}, 0)::int`,
      version: banks.version,
    })
    .from(banks)
    .leftJoin(counts, eq(counts.bankCode, banks.bankCode))
    .where(scope.allBanks ? undefined : eq(banks.bankCode, scope.caller.bankCode))
    .orderBy(asc(banks.bankCode));
  return { items };
}

type NoticeRow = typeof bankNotices.$inferSelect;

/** Where a notice stands on `today`: withdrawn, not yet shown, shown, or past its last day. */
function noticeStatus(notice: Pick<NoticeRow, "withdrawnAt" | "publishFrom" | "publishUntil">, today: string): NoticeStatus {
  if (notice.withdrawnAt) return "withdrawn";
  if (today < notice.publishFrom) return "scheduled";
  if (notice.publishUntil !== null && notice.publishUntil < today) return "ended";
  return "published";
}

/** The bank's config, with what it offers (plans, terms, notices, reservations), who changed what, and whether the caller may change it. */
export async function bankDetail(db: Database, scope: AdminScope, bankCode: string, today: string) {
  const [bank] = await db
    .select({
      bankCode: banks.bankCode,
      name: banks.name,
      baName: banks.baName,
      enablePaymentReceive: banks.enablePaymentReceive,
      checkPaymentMethodFilled: banks.checkPaymentMethodFilled,
      isPaymentMethodFilled: banks.isPaymentMethodFilled,
      version: banks.version,
      updatedAt: banks.updatedAt,
    })
    .from(banks)
    .where(eq(banks.bankCode, bankCode))
    .limit(1);
  if (!bank) throw notFound(ADMIN_NOT_FOUND);
  const [plans, bankTerms, notices, reservations, audit, branches] = await Promise.all([
    offeredPlans(db, bankCode),
    db
      .select({
        id: terms.id,
        title: terms.title,
        version: terms.version,
        publishedAt: terms.publishedAt,
      })
      .from(terms)
      .where(and(eq(terms.kind, "bank"), eq(terms.bankCode, bankCode)))
      .orderBy(desc(terms.publishedAt), desc(terms.id)),
    db.select().from(bankNotices).where(eq(bankNotices.bankCode, bankCode)).orderBy(desc(bankNotices.publishFrom), desc(bankNotices.id)),
    reservationsOf(db, bankCode, today),
    // The notices are shown on this page, so their entries are too (decision 027).
    auditOf(db, bankCode, [`bank:${bankCode}`, { startsWith: "bank_notice:" }]),
    db
      .select({ branchCode: bankBranches.branchCode, name: bankBranches.name })
      .from(bankBranches)
      .where(eq(bankBranches.bankCode, bankCode))
      .orderBy(asc(bankBranches.branchCode)),
  ]);
  return {
    ...bank,
    plans,
    terms: bankTerms,
    notices: notices.map(({ bankCode: _bank, createdAt: _created, ...notice }) => ({
      ...notice,
      status: noticeStatus(notice, today),
    })),
    reservations,
    audit,
    branches,
    canChange: scope.canChange,
  };
}

/** What the audit keeps of a bank's settings. */
function settingsOf(row: typeof banks.$inferSelect) {
  return {
    ba_name: row.baName,
    enable_payment_receive: row.enablePaymentReceive,
    check_payment_method_filled: row.checkPaymentMethodFilled,
    is_payment_method_filled: row.isPaymentMethodFilled,
    version: row.version,
  };
}

/** Saves the settings from the version they were read at (409 when someone saved since), with before and after in the audit. */
export async function updateBankSettings(db: Database, actor: AdminActor, bankCode: string, input: BankSettingsInput): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(banks).where(eq(banks.bankCode, bankCode)).for("update");
    if (!current) throw notFound(ADMIN_NOT_FOUND);
    if (current.version !== input.version) throw conflict(STALE_BANK_SETTINGS);
    const [updated] = await tx
      .update(banks)
      .set({
        baName: input.ba_name,
        enablePaymentReceive: input.enable_payment_receive,
        checkPaymentMethodFilled: input.check_payment_method_filled,
        isPaymentMethodFilled: input.is_payment_method_filled,
        version: current.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(banks.bankCode, bankCode))
      .returning();
    await recordAdminAction(tx, actor, {
      bankCode,
      action: "bank_setting.update",
      target: `bank:${bankCode}`,
      before: settingsOf(current),
      after: settingsOf(updated!),
    });
  });
}

export const NOTICE_NOT_FOUND = "お知らせが見つかりません。";
