import { asc, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { expect, it } from "vitest";
import { rowsOf } from "../../api/db/client";
import { jsonArrayOf, rowFromJson } from "../../api/db/json-rows";
import { companyBankAccounts, customers, documentLines, documents, documentSnapshots, payments } from "../../api/db/schema";
import { useTenantTestApi } from "../support/api";
import { createDocument } from "../support/factories";

const api = useTenantTestApi(["staff"]);
const post = (path: string, body: unknown) => api.call(path, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" }, as: "owner" });

/** Every row of the table through jsonArrayOf and rowFromJson, in id order. */
async function throughJson<Table extends PgTable & { id: unknown }>(table: Table) {
  const [read] = await rowsOf<{ rows: Array<Record<string, unknown>> }>(api.database.db, sql`select ${jsonArrayOf(table, sql`${table.id}`)} as rows from ${table}`);
  return read!.rows.map((row) => rowFromJson(table, row));
}

it("reads rows through JSON back as Drizzle's select gives them: decimals with their scale, big integers, dates, timestamps, JSON, lists, flags and nulls", async () => {
  expect((await post("/companies", { company_name: "株式会社デモ商事", company_bank_accounts: [{ bank_name: "デモ銀行", bank_branch_name: "本店営業部", bank_account_type_id: "1", bank_account_no: "1234567", bank_account_name: "カ）デモショウジ", displayed: "on" }] })).status).toBe(201);
  const customer = await (await post("/customers", { name: "株式会社青空商事", honorific: "御中", emails: ["keiri@aozora.example", "boss@aozora.example"] })).json();
  const invoice = await createDocument(api, { kind: "invoice", customer_id: customer.id, customer_name: customer.name, lines: [{ description: "設計", quantity: "1.25", unit_price: "8500.5", tax_rate: "10" }, { description: "弁当", quantity: "3", unit_price: "1080", tax_rate: "8" }] }, "owner");
  expect((await post(`/documents/${invoice.id}/issue`, {})).status).toBe(200);
  expect((await post(`/documents/${invoice.id}/payments`, { paid_on: "2026-11-20", method: "transfer", amount: "1000", fee: "440" })).status).toBe(201);

  for (const table of [documentLines, companyBankAccounts, customers, documentSnapshots, payments, documents] as const) {
    const selected = await api.database.db.select().from(table as PgTable).orderBy(asc((table as typeof documents).id));
    expect(selected.length).toBeGreaterThan(0);
    expect(await throughJson(table)).toEqual(selected);
  }
});
