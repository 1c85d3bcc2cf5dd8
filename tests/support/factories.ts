import type { Database } from "../../api/db/client";
import { bankPlans, banks, companyPlans, paymentInfos, paymentServiceUsers, plans, terms } from "../../api/db/schema";
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

/** The bank offers these plans (the plans master must hold them). */
export async function offerPlans(db: Database, bankCode: string, planIds: number[]) {
  await insertBank(db, bankCode);
  await db
    .insert(bankPlans)
    .values(planIds.map((planId) => ({ bankCode, planId })))
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

/** Who calls the Payment API in a test: the test API's call with a demo user's token. */
type ApiCaller = { call: (path: string, init?: RequestInit & { as?: FixtureUserName | null }) => Promise<Response> };

const jsonPost = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

/** Made by the API as a client makes it; a refusal fails the test with the API's own answer. */
async function created(response: Response, what: string) {
  if (response.status !== 201) throw new Error(`${what} was not created (${response.status}): ${await response.text()}`);
  return response.json();
}

/** Lines at both rates: 85,000 at 10 % (tax 8,500) and 3,240 at 8 % (tax 259), 96,999 in all. */
export const DOCUMENT_LINES = [
  { description: "設計作業", quantity: "10", unit: "時間", unit_price: "8500", tax_rate: "10" },
  { description: "お弁当", quantity: "3", unit_price: "1080", tax_rate: "8" },
];

/** A draft document (an invoice unless `kind` says otherwise) through POST /documents. */
export function createDocument(api: ApiCaller, fields: Record<string, unknown> = {}, as: FixtureUserName = "owner") {
  return api.call("/documents", { ...jsonPost({ kind: "invoice", issue_date: "2026-11-22", customer_name: "株式会社青空商事", lines: DOCUMENT_LINES, ...fields }), as }).then((response) => created(response, "document"));
}

/** A customer in the master through POST /customers. */
export function createCustomer(api: ApiCaller, fields: Record<string, unknown> = {}, as: FixtureUserName = "owner") {
  return api.call("/customers", { ...jsonPost({ name: "株式会社サンプル", ...fields }), as }).then((response) => created(response, "customer"));
}

/** An item in the master through POST /items. */
export function createItem(api: ApiCaller, fields: Record<string, unknown> = {}, as: FixtureUserName = "owner") {
  return api.call("/items", { ...jsonPost({ name: "コピー用紙", unit_price: "500", ...fields }), as }).then((response) => created(response, "item"));
}

/** An own company ready to send digital invoices: registration number, Peppol ID and an account with its codes, through POST /companies. */
export async function createOwnCompany(api: ApiCaller, fields: Record<string, string> = {}, as: FixtureUserName = "owner") {
  const form = new FormData();
  const profile = { company_name: "株式会社デモ商事", postal_code: "1000001", address1: "東京都千代田区千代田1-1", registered_no: "T7000012050002", peppol_id: "0188:7000012050002", logo_state: "keep", stamp_state: "keep", ...fields };
  for (const [key, value] of Object.entries(profile)) form.append(key, value);
  for (const [key, value] of Object.entries({ bank_name: "デモ銀行", bank_code: "0001", bank_branch_name: "本店営業部", bank_branch_code: "001", bank_account_no: "1234567", bank_account_name: "カ）デモショウジ", displayed: "on" })) {
    form.append(`company_bank_accounts[0][${key}]`, value);
  }
  return api.call("/companies", { method: "POST", body: form, as }).then((response) => created(response, "own company"));
}
