import type { Database } from "../../api/db/client";
import { banks, companyPlans, paymentInfos, paymentServiceUsers, plans, terms } from "../../api/db/schema";
import { fixtureUsers, type FixtureUserName } from "./users";

export async function insertPlans(db: Database) {
  await db
    .insert(plans)
    .values([
      { planId: 1, planName: "発行プラン", amount: 1000, totalAmount: 1100, issueAmount: 1000, issueTotalAmount: 1100, sortOrder: 1 },
      { planId: 2, planName: "発行・受取プラン", amount: 2000, totalAmount: 2200, issueAmount: 1000, issueTotalAmount: 1100, receiveAmount: 1000, receiveTotalAmount: 1100, maxReceiveFiles: 100, sortOrder: 2 },
    ])
    .onConflictDoNothing();
}

export async function insertBank(db: Database, bankCode: string, values: Partial<typeof banks.$inferInsert> = {}) {
  await db
    .insert(banks)
    .values({ bankCode, name: `銀行${bankCode}`, baName: `銀行${bankCode}`, ...values })
    .onConflictDoNothing();
}

/** The payment-service side of a demo user: their payment user, the company's plan and payment info. */
export async function insertPaymentUser(db: Database, name: FixtureUserName, planId = 2) {
  const user = fixtureUsers[name];
  if (!user.companyUniqueCode || user.paymentRole === null) throw new Error(`${name} has no payment user`);
  await insertBank(db, user.bankCode);
  await db.insert(paymentServiceUsers).values({
    userUniqueCode: user.userUniqueCode,
    companyUniqueCode: user.companyUniqueCode,
    role: user.paymentRole,
    planId,
  });
  await db
    .insert(companyPlans)
    .values({ companyUniqueCode: user.companyUniqueCode, bankCode: user.bankCode, planId, joinDate: "2026-04-01", startDate: "2026-04-01" })
    .onConflictDoNothing();
  await db
    .insert(paymentInfos)
    .values({ companyUniqueCode: user.companyUniqueCode, planId, joinDate: "2026-04-01", startDate: "2026-04-01" })
    .onConflictDoNothing();
}

export async function insertTerms(db: Database, values: Partial<typeof terms.$inferInsert> & Pick<typeof terms.$inferInsert, "kind">) {
  const [row] = await db
    .insert(terms)
    .values({ title: "規約", body: "本文", version: "1.0", ...values })
    .returning();
  return row!;
}
