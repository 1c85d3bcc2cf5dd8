import { describe, expect, it } from "vitest";
import { action as pageAction, loader as pageLoader } from "~/routes/_default.settings.documents/route";
import { signedInRequest, useRouteTestApi } from "../support/api";
import { testContext } from "../support/context";
import { shownAgain } from "../support/route-answers";

const api = useRouteTestApi();
const context = testContext();
const PATH = "/settings/documents?kind=invoice";

const FIELDS = {
  version: "0",
  number_prefix: "ＳＥＩ",
  number_date_part: "none",
  number_digits: "3",
  number_reset: "monthly",
  default_honorific: "御中",
  due_date_rule: "end_of_next_month",
  mail_subject: "{取引先名}様 ご請求書 {書類番号}",
  mail_body: "{宛名}",
};

const load = async () => pageLoader({ request: await signedInRequest(api, "owner", PATH), params: {}, context });
const post = async (fields: Record<string, string>) =>
  pageAction({ request: await signedInRequest(api, "owner", PATH, { method: "POST", body: new URLSearchParams(fields) }), params: {}, context });

describe("document settings page", () => {
  it("gives the form its values, its constraints and its choices, so the page loads neither zod nor the code lists", async () => {
    const page = await load();
    expect(page.kind).toBe("invoice");
    expect(page.values).toMatchObject({ number_prefix: "INV", number_date_part: "yyyymm", number_digits: "4", print_stamp: "on", bank_account_ids: [] });
    expect(page.numbering.next_number).toMatch(/^INV-\d{6}-0001$/);
    expect(page.constraint.mail_subject).toMatchObject({ required: true });
    expect(page.codes.resets.map((code) => code.id)).toEqual(["never", "yearly", "monthly"]);
  });

  it("answers a refused form with what was typed and the number its format would give", async () => {
    const refused = shownAgain(await post(FIELDS));
    expect(refused.status).toBe(400);
    expect(refused.data.result.error).toEqual({ number_date_part: ["毎月振り直すときは、日付部分に年月を含めてください"] });
    expect(refused.data.result.initialValue).toMatchObject({ number_prefix: "ＳＥＩ", mail_subject: FIELDS.mail_subject });
    // Another reset rule counts in another period, so the preview starts at 1.
    expect(refused.data.nextNumber).toBe("SEI-001");
  });

  it("saves and shows the saved format's next number", async () => {
    const saved = (await post({ ...FIELDS, number_date_part: "yyyymm" })) as Response;
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(PATH);
    const page = await load();
    expect(page.version).toBe(1);
    expect(page.numbering.next_number).toMatch(/^SEI-\d{6}-001$/);
  });
});
