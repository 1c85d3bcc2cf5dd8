import { beforeEach, describe, expect, it } from "vitest";
import { officeProcessRuleAnswer } from "../../domain/master-data-answers";
import { companies, officeProcessRules } from "../../api/db/schema";
import { useTenantTestApi } from "../support/api";
import { fixtureUsers } from "../support/users";

const api = useTenantTestApi();

beforeEach(async () => {
  await api.database.db.delete(officeProcessRules);
  await api.database.db.delete(companies);
});

const STALE = "ほかの操作でこの事務処理規程が更新されています。最新の内容を確認してから、もう一度保存してください。";

const json = (body: unknown) => ({ method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

const FILLED = { kind: "corporation", company_name: "株式会社デモ商事", responsible_title: "経理部長", responsible_name: "山田太郎", effective_date: "2026-04-01" };

const save = (fields: Record<string, unknown>, as: "owner" | "shinkinOwner" = "owner") =>
  api.call("/office-process-rules", { ...json({ ...FILLED, ...fields }), as });

// Read with the contract the web app parses with (domain/master-data-answers.ts).
const read = async (as: "owner" | "shinkinOwner" = "owner") => officeProcessRuleAnswer.parse(await (await api.call("/office-process-rules", { as })).json());

describe("office process rules", () => {
  it("starts from the company profile's name when nothing was saved", async () => {
    expect(await read()).toEqual({ version: 0, kind: "corporation", company_name: "", responsible_title: "", responsible_name: "", effective_date: null });
    // Only the two columns the defaults read: the profile itself is tested in companies.test.ts.
    await api.database.db.insert(companies).values({ companyUniqueCode: fixtureUsers.owner.companyUniqueCode!, companyName: "株式会社デモ商事" });
    expect(await read()).toMatchObject({ version: 0, company_name: "株式会社デモ商事" });
    expect((await read("shinkinOwner")).company_name).toBe("");
  });

  it("creates the record from version 0 with the date normalised, then reads it back", async () => {
    const created = await save({ version: 0, effective_date: "２０２６/４/１" });
    expect(created.status).toBe(201);
    const rule = await created.json();
    expect(rule).toEqual({ ...FILLED, id: expect.any(Number), version: 1, updated_at: expect.any(String) });
    expect(await read()).toEqual(officeProcessRuleAnswer.parse(rule));
  });

  it("keeps an empty title as an empty string", async () => {
    const created = officeProcessRuleAnswer.parse(await (await save({ version: 0, kind: "sole_proprietor", responsible_title: "  ", company_name: "デモ工房" })).json());
    expect(created).toMatchObject({ kind: "sole_proprietor", responsible_title: "", company_name: "デモ工房" });
    expect((await (await save({ version: 1, responsible_title: undefined })).json()).responsible_title).toBe("");
  });

  it("updates from the version read and refuses a stale save, keeping the first", async () => {
    await save({ version: 0 });
    const updated = await save({ version: 1, kind: "sole_proprietor", responsible_name: "佐藤花子", effective_date: "2026/11/22" });
    expect(updated.status).toBe(200);
    expect(officeProcessRuleAnswer.parse(await updated.json())).toMatchObject({ version: 2, kind: "sole_proprietor", responsible_name: "佐藤花子", effective_date: "2026-11-22" });

    const stale = await save({ version: 1, responsible_name: "古い画面からの保存" });
    expect(stale.status).toBe(409);
    expect((await stale.json()).message).toBe(STALE);
    expect(await read()).toMatchObject({ version: 2, responsible_name: "佐藤花子" });
  });

  it("refuses a second first save (version 0) once someone has saved", async () => {
    await save({ version: 0, responsible_name: "最初の保存" });
    const second = await save({ version: 0, responsible_name: "同時に開いた画面" });
    expect(second.status).toBe(409);
    expect((await second.json()).message).toBe(STALE);
    expect((await read()).responsible_name).toBe("最初の保存");
  });

  it("answers bad input with 422 and Japanese messages per field", async () => {
    const response = await save({ version: 0, kind: "partnership", company_name: " ", responsible_title: "長".repeat(51), responsible_name: undefined, effective_date: "2026-02-30" });
    expect(response.status).toBe(422);
    expect((await response.json()).fields).toEqual({
      kind: ["形式が正しくありません"],
      company_name: ["このフィールドは必須です"],
      responsible_title: ["50文字以内で入力してください"],
      responsible_name: ["このフィールドは必須です"],
      effective_date: ["日付はYYYY-MM-DDの形式で入力してください"],
    });
    expect((await (await save({ version: 0, effective_date: "" })).json()).fields).toEqual({ effective_date: ["このフィールドは必須です"] });
    expect((await (await save({ version: 0, effective_date: "令和8年4月1日" })).json()).fields).toEqual({ effective_date: ["日付はYYYY-MM-DDの形式で入力してください"] });
    expect((await (await save({ version: undefined })).json()).fields).toEqual({ version: ["このフィールドは必須です"] });
    expect((await read()).version).toBe(0);
  });

  it("keeps each company's record to itself", async () => {
    await save({ version: 0, company_name: "株式会社デモ商事" });
    // The tenant comes from the token: naming another company in the body changes nothing.
    expect(await read("shinkinOwner")).toMatchObject({ version: 0, company_name: "", responsible_name: "" });
    const theirs = await save({ version: 0, company_name: "有限会社しんきん", company_unique_code: fixtureUsers.owner.companyUniqueCode }, "shinkinOwner");
    expect(theirs.status).toBe(201);
    // Their version 1 is not the owner's: the owner's record moves on only from the owner's own save.
    expect((await save({ version: 1, company_name: "しんきんの上書き" }, "shinkinOwner")).status).toBe(200);
    expect(await read()).toMatchObject({ version: 1, company_name: "株式会社デモ商事" });
    expect(await read("shinkinOwner")).toMatchObject({ version: 2, company_name: "しんきんの上書き" });
  });
});
