import { beforeEach, describe, expect, it } from "vitest";
import { companies, companyBankAccounts, documentCounters, documentSettings } from "../../api/db/schema";
import { todayJst } from "../../domain/datetime";
import { documentSettingAnswer } from "../../domain/master-data-answers";
import { useTenantTestApi } from "../support/api";
import { fixtureUsers } from "../support/users";

const api = useTenantTestApi();

beforeEach(async () => {
  await api.database.db.delete(documentSettings);
  await api.database.db.delete(documentCounters);
});

const save = (kind: string, fields: Record<string, unknown>, as: "owner" | "shinkinOwner" = "owner") =>
  api.call(`/document-settings/${kind}`, { method: "POST", body: JSON.stringify({ _method: "PUT", ...fields }), headers: { "Content-Type": "application/json" }, as });

/** The settings as the screen sends them back: what GET gave (read with the contract the web app parses with), minus what only the server sets. */
async function current(kind: string, as: "owner" | "shinkinOwner" = "owner") {
  const { next_number: _n, next_sequence: _s, today: _t, kind: _k, ...settings } = documentSettingAnswer.parse(await (await api.call(`/document-settings/${kind}`, { as })).json());
  // Sent back as read, nulls included: the API reads a null as a field left empty.
  return settings;
}

async function bankAccountOf(company: string) {
  const [profile] = await api.database.db.insert(companies).values({ companyUniqueCode: company, companyName: `${company}の会社` }).returning();
  const [account] = await api.database.db
    .insert(companyBankAccounts)
    .values({ companyId: profile!.id, companyUniqueCode: company, bankName: "デモ銀行", bankCode: "0001", bankBranchName: "本店", bankBranchCode: "001", bankAccountTypeId: 1, bankAccountNo: "1234567", bankAccountName: "デモ", displayed: true })
    .returning();
  return account!.id;
}

describe("document settings", () => {
  it("gives every kind its defaults and the next number before anything is saved", async () => {
    const { items } = await (await api.call("/document-settings")).json();
    const yyyymm = todayJst().slice(0, 7).replace("-", "");
    expect(items.map((item: { kind: string; version: number; next_number: string }) => [item.kind, item.version, item.next_number])).toEqual([
      ["estimate", 0, `EST-${yyyymm}-0001`],
      ["delivery_slip", 0, `DLV-${yyyymm}-0001`],
      ["invoice", 0, `INV-${yyyymm}-0001`],
      ["receipt", 0, `RCP-${yyyymm}-0001`],
    ]);
    // A receipt's defaults leave the subject and the due days empty: null as sent.
    expect(await current("receipt")).toMatchObject({ version: 0, default_subject: null, due_days: null });
    expect((await api.call("/document-settings/quotes")).status).toBe(404);
  });

  it("saves a kind, previews the next number from its counter, and refuses a stale save", async () => {
    const first = await save("invoice", { ...(await current("invoice")), number_prefix: "ＳＥＩ", number_date_part: "yyyy", number_digits: "5", number_reset: "yearly" });
    expect(first.status).toBe(200);
    const saved = documentSettingAnswer.parse(await first.json());
    const year = todayJst().slice(0, 4);
    expect(saved).toMatchObject({ version: 1, number_prefix: "SEI", next_number: `SEI-${year}-00001` });

    await api.database.db.insert(documentCounters).values({ companyUniqueCode: fixtureUsers.owner.companyUniqueCode!, kind: "invoice", period: year, lastNumber: 41 });
    expect(documentSettingAnswer.parse(await (await api.call("/document-settings/invoice")).json()).next_number).toBe(`SEI-${year}-00042`);

    const again = await save("invoice", { ...(await current("invoice")), default_subject: "2回目" });
    expect(documentSettingAnswer.parse(await again.json()).version).toBe(2);
    const stale = await save("invoice", { ...(await current("invoice")), version: 1, default_subject: "古い画面から" });
    expect(stale.status).toBe(409);
    expect((await stale.json()).message).toBe("ほかの操作でこの帳票設定が更新されています。最新の内容を確認してから、もう一度保存してください。");
    expect((await api.call("/document-settings/invoice").then((r) => r.json())).default_subject).toBe("2回目");
    // Two first saves from the defaults: the second is stale too.
    expect((await save("estimate", await current("estimate"))).status).toBe(200);
    expect((await save("estimate", { ...(await current("estimate")), version: 0 })).status).toBe(409);
  });

  it("answers bad input with Japanese messages per field", async () => {
    const response = await save("receipt", { ...(await current("receipt")), number_digits: "0", number_reset: "monthly", number_date_part: "none", mail_body: "{金額}です" });
    expect(response.status).toBe(422);
    expect((await response.json()).fields).toMatchObject({ number_digits: ["連番の桁数は1〜10で入力してください"], mail_body: ["使えない差し込み項目があります（{金額}）"] });
  });

  it("only shows the company's own bank accounts on invoices, and keeps each company's settings apart", async () => {
    const own = await bankAccountOf(fixtureUsers.owner.companyUniqueCode!);
    const theirs = await bankAccountOf(fixtureUsers.shinkinOwner.companyUniqueCode!);
    const refused = await save("invoice", { ...(await current("invoice")), bank_account_ids: [own, theirs] });
    expect(refused.status).toBe(422);
    expect((await refused.json()).fields).toEqual({ bank_account_ids: ["自社の口座から選んでください"] });
    expect(documentSettingAnswer.parse(await (await save("invoice", { ...(await current("invoice")), bank_account_ids: [own] })).json()).bank_account_ids).toEqual([own]);

    expect((await current("invoice", "shinkinOwner")).version).toBe(0);
    await save("invoice", { ...(await current("invoice", "shinkinOwner")), number_prefix: "SHINKIN" }, "shinkinOwner");
    expect((await current("invoice")).number_prefix).toBe("INV");
  });
});
