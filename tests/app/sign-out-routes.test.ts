import { describe, expect, it } from "vitest";
import { action as logoutAction } from "~/routes/logout/route";
import { loader as invoiceListLoader } from "~/routes/_default.invoices.list/route";
import { getSessionStorage } from "~/services/session.server";
import { signedInRequest, useRouteTestApi } from "../support/api";
import { testContext } from "../support/context";

const api = useRouteTestApi();
const context = testContext();

/** What a loader answered or threw: a redirect's status and target, or a page's status. */
async function outcome(run: () => Promise<unknown>) {
  try {
    const answered = await run();
    return { status: answered instanceof Response ? answered.status : 200, location: null };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    return { status: (thrown as { init?: { status: number } }).init?.status ?? 500, location: null };
  }
}

describe("sign-out", () => {
  it("ends the session on the server: the old cookie no longer opens a page, and its token no longer works at the API", async () => {
    const before = await signedInRequest(api, "owner", "/invoices/list");
    const cookie = before.headers.get("Cookie")!;
    expect(await outcome(() => invoiceListLoader({ request: before, params: {}, context }))).toEqual({ status: 200, location: null });

    const signOut = new Request("http://localhost/logout", { method: "POST", headers: { Cookie: cookie } });
    expect((await logoutAction({ request: signOut, params: {}, context })).status).toBe(302);

    const replay = new Request("http://localhost/invoices/list", { headers: { Cookie: cookie } });
    const answer = await outcome(() => invoiceListLoader({ request: replay, params: {}, context }));
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/bamidp\/login/);
    const idToken = (await getSessionStorage().getSession(cookie)).get("idToken") as string;
    expect((await api.call("/customers", { token: idToken })).status).toBe(401);
  });
});
