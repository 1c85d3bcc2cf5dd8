import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as pageAction } from "~/routes/_default.office-process-rule-templates/route";
import { loader as downloadLoader } from "~/routes/office-process-rule-templates.download/route";
import { signedInRequest, startTestApi, type TestApi } from "../support/api";
import { insertPaymentUser } from "../support/factories";
import type { FixtureUserName } from "../support/users";
import { testContext } from "../support/context";
import { shownAgain } from "../support/route-answers";

let api: TestApi;
const context = testContext();
const PATH = "/office-process-rule-templates";

beforeAll(async () => {
  api = await startTestApi();
  await insertPaymentUser(api.database.db, "owner");
  // Read once by getConfig, so set before the first session cookie is made.
  process.env.PAYMENT_API_BASE_URL = api.url.replace(/\/api\/v1$/, "");
});

afterAll(async () => {
  delete process.env.PAYMENT_API_BASE_URL;
  await api?.close();
});

const requestAs = (name: FixtureUserName, path: string, init: RequestInit = {}) => signedInRequest(api, name, path, init);

const post = (fields: Record<string, string>) =>
  requestAs("owner", PATH, { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } });

async function download(name: FixtureUserName = "owner") {
  return downloadLoader({ request: await requestAs(name, `${PATH}/download`), params: {}, context });
}

describe("office process rule templates page and download", () => {
  it("downloads the blank corporation template before anything is saved", async () => {
    const response = await download();
    expect(response.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="office-process-rules.docx"; filename*=UTF-8''${encodeURIComponent("事務処理規程_法人向け.docx")}`,
    );
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(strFromU8(bytes.subarray(0, 2))).toBe("PK");
    expect(strFromU8(unzipSync(bytes)["word/document.xml"]!)).toContain("＿＿＿＿（以下「当社」という。）");
  });

  it("keeps the input and answers 400 when a required field is empty", async () => {
    const result = shownAgain(await pageAction({ request: await post({ version: "0", kind: "corporation", company_name: "合同会社テスト", effective_date: "2026-04-01" }), params: {}, context }));
    expect(result.status).toBe(400);
    expect(result.data.error).toEqual({ responsible_name: ["このフィールドは必須です"] });
    expect(result.data.initialValue).toMatchObject({ company_name: "合同会社テスト" });
  });

  it("saves, downloads the filled sole proprietor template under its Japanese name and refuses a stale save", async () => {
    const saved = (await pageAction({
      request: await post({ version: "0", kind: "sole_proprietor", company_name: "テスト工房", responsible_title: "", responsible_name: "田中一郎", effective_date: "2026-04-01" }),
      params: {},
      context,
    })) as Response;
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(PATH);

    const response = await download();
    expect(response.headers.get("Content-Disposition")).toContain(`filename*=UTF-8''${encodeURIComponent("事務処理規程_個人事業者向け.docx")}`);
    const xml = strFromU8(unzipSync(new Uint8Array(await response.arrayBuffer()))["word/document.xml"]!);
    expect(xml).toContain("私は、テスト工房として営む事業について");
    expect(xml).toContain("2026年4月1日");

    // A second page that also showed nothing saved yet comes too late.
    const stale = shownAgain(await pageAction({
      request: await post({ version: "0", kind: "corporation", company_name: "合同会社テスト", responsible_name: "田中一郎", effective_date: "2026-04-01" }),
      params: {},
      context,
    }));
    expect(stale.status).toBe(409);
    expect(stale.data.error?.[""]).toEqual(["ほかの操作でこの事務処理規程が更新されています。最新の内容を確認してから、もう一度保存してください。"]);
  });

  it("refuses bank staff", async () => {
    await expect(download("bankAdmin")).rejects.toMatchObject({ init: { status: 403 } });
  });
});
