import { describe, expect, it } from "vitest";
import { loader as productTermsLoader } from "~/routes/_default.terms.$term/route";
import { loader as idTermsLoader } from "~/routes/_default.terms.kokopelli-id-term/route";
import { loader as cookiePolicyLoader } from "~/routes/_default.cookie-policy/route";
import { loader as qaLoader } from "~/routes/_default.support.qa/route";
import { loader as publicBankTermsLoader } from "~/routes/_empty.legal.terms.$bankCode/route";
import { loader as publicIdTermsLoader } from "~/routes/_empty.legal.kokopelli-id/route";
import { insertBank, insertTerms } from "../support/factories";
import { signedInRequest, useRouteTestApi } from "../support/api";
import { testContext } from "../support/context";

const api = useRouteTestApi();
const context = testContext();
const visitor = (path: string) => new Request(`http://localhost${path}`);

/** What a loader threw: its status, and where a redirect goes. */
async function thrownBy(run: () => Promise<unknown>): Promise<{ status: number | undefined; location: string | null }> {
  try {
    await run();
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    return { status: (thrown as { init?: { status?: number } }).init?.status, location: null };
  }
  throw new Error("expected the loader to throw");
}

const EFFECTIVE = new Date("2026-04-01T00:00:00+09:00");

describe("the signed-in terms pages", () => {
  it("show the product's terms as the user's bank publishes them: the bank's own, else the product's", async () => {
    await insertTerms(api.database.db, { kind: "product", product: "chohyo", title: "帳票クラウド利用規約", body: "第1条（目的）\n\n第2条（利用者）", version: "1.0", publishedAt: EFFECTIVE });
    await insertTerms(api.database.db, { kind: "bank", product: "chohyo", bankCode: "0001", title: "帳票クラウド利用規約（デモ銀行）", version: "1.2", publishedAt: EFFECTIVE });
    const ownBank = await productTermsLoader({ request: await signedInRequest(api, "owner", "/terms/chohyo-term"), params: { term: "chohyo-term" }, context });
    expect(ownBank.terms).toMatchObject({ title: "帳票クラウド利用規約（デモ銀行）", version: "1.2", effective_date: "2026-04-01" });
    const fallback = await productTermsLoader({ request: await signedInRequest(api, "shinkinOwner", "/terms/chohyo-term"), params: { term: "chohyo-term" }, context });
    expect(fallback.terms).toEqual({ title: "帳票クラウド利用規約", version: "1.0", effective_date: "2026-04-01", body: "第1条（目的）\n\n第2条（利用者）" });
  });

  it("let a company without a payment user read them (it reads the terms before registering)", async () => {
    const result = await productTermsLoader({ request: await signedInRequest(api, "newcomer", "/terms/chohyo-term"), params: { term: "chohyo-term" }, context });
    expect(result.terms.title).toBe("帳票クラウド利用規約（デモ銀行）");
  });

  it("answer 404 for a product without terms and a path that names no product's terms", async () => {
    for (const term of ["unknown-term", "chohyo", "-term", "CHOHYO-term"]) {
      const request = await signedInRequest(api, "owner", `/terms/${term}`);
      expect(await thrownBy(() => productTermsLoader({ request, params: { term }, context })), term).toMatchObject({ status: 404 });
    }
  });

  it("show the ID service's terms", async () => {
    await insertTerms(api.database.db, { kind: "id", title: "Kokopelli ID 利用規約", body: "第1条（目的）", version: "1.0", publishedAt: EFFECTIVE });
    const result = await idTermsLoader({ request: await signedInRequest(api, "owner", "/terms/kokopelli-id-term"), params: {}, context });
    expect(result.terms).toEqual({ title: "Kokopelli ID 利用規約", version: "1.0", effective_date: "2026-04-01", body: "第1条（目的）" });
  });

  it("send a visitor to sign-in and refuse bank staff", async () => {
    const pages = [
      { path: "/terms/chohyo-term", run: (request: Request) => productTermsLoader({ request, params: { term: "chohyo-term" }, context }) },
      { path: "/terms/kokopelli-id-term", run: (request: Request) => idTermsLoader({ request, params: {}, context }) },
      { path: "/cookie-policy", run: (request: Request) => cookiePolicyLoader({ request, params: {}, context }) },
      { path: "/support/qa", run: (request: Request) => qaLoader({ request, params: {}, context }) },
    ];
    for (const { path, run } of pages) {
      expect(await thrownBy(() => run(visitor(path))), path).toEqual({ status: 302, location: `/bamidp/login?redirectTo=${encodeURIComponent(path)}` });
      const staff = await signedInRequest(api, "bankAdmin", path);
      expect(await thrownBy(() => run(staff)), path).toMatchObject({ status: 403 });
    }
  });
});

describe("the cookie policy page", () => {
  it("is the 404 page while no cookie policy is recorded, then shows the newest", async () => {
    const request = () => signedInRequest(api, "owner", "/cookie-policy");
    expect(await thrownBy(async () => cookiePolicyLoader({ request: await request(), params: {}, context }))).toMatchObject({ status: 404 });
    await insertTerms(api.database.db, { kind: "cookie", title: "Cookieポリシー", body: "必要最小限のCookieを使用します。", version: "1.0", publishedAt: EFFECTIVE });
    const result = await cookiePolicyLoader({ request: await request(), params: {}, context });
    expect(result.terms).toMatchObject({ title: "Cookieポリシー", version: "1.0", effective_date: "2026-04-01" });
  });
});

describe("the public terms pages (no sign-in)", () => {
  it("show a bank's terms of the product, else the product's", async () => {
    await insertBank(api.database.db, "0182");
    const own = await publicBankTermsLoader({ request: visitor("/legal/terms/0001"), params: { bankCode: "0001" }, context });
    expect(own.terms).toMatchObject({ title: "帳票クラウド利用規約（デモ銀行）", effective_date: "2026-04-01" });
    const fallback = await publicBankTermsLoader({ request: visitor("/legal/terms/0182"), params: { bankCode: "0182" }, context });
    expect(fallback.terms).toMatchObject({ title: "帳票クラウド利用規約" });
  });

  it.each(["9999", "abc", "00001", "１２３４"])("answer 404 for the unknown or malformed bank code %s", async (bankCode) => {
    const path = `/legal/terms/${encodeURIComponent(bankCode)}`;
    expect(await thrownBy(() => publicBankTermsLoader({ request: visitor(path), params: { bankCode }, context }))).toMatchObject({ status: 404 });
  });

  it("show the ID terms", async () => {
    const result = await publicIdTermsLoader({ request: visitor("/legal/kokopelli-id"), params: {}, context });
    expect(result.terms).toMatchObject({ title: "Kokopelli ID 利用規約", version: "1.0" });
  });
});

describe("the Q&A page", () => {
  const search = async (query: string) => qaLoader({ request: await signedInRequest(api, "owner", `/support/qa${query}`), params: {}, context });

  it("lists every question by category without a search", async () => {
    const result = await search("");
    expect(result.hitCount).toBe(result.total);
    expect(result.groups.map((group) => group.name)).toEqual(["アカウント・プラン", "書類の発行", "メール送信", "データ・セキュリティ", "動作環境"]);
  });

  it("finds questions containing every word, folding width and kana", async () => {
    const result = await search(`?q=${encodeURIComponent("ﾒｰﾙ　りんく")}`);
    expect(result.hitCount).toBeGreaterThan(0);
    for (const item of result.groups.flatMap((group) => group.items)) expect(`${item.q}${item.a}`).toMatch(/メール[\s\S]*リンク|リンク[\s\S]*メール/);
  });

  it("narrows to a category, and ignores one it does not know", async () => {
    const mail = await search("?category=mail");
    expect(mail.groups.map((group) => group.id)).toEqual(["mail"]);
    expect(mail.query.category).toBe("mail");
    const unknown = await search("?category=admin");
    expect(unknown.query.category).toBe("");
    expect(unknown.hitCount).toBe(unknown.total);
  });

  it("answers no hits with an empty result", async () => {
    const result = await search(`?q=${encodeURIComponent("定期請求")}&category=documents`);
    expect(result).toMatchObject({ hitCount: 0, groups: [], query: { q: "定期請求", category: "documents" } });
  });
});
