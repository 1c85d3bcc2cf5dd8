import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { paymentServiceUsers } from "../../api/db/schema";
import { action as permissionsAction, loader as permissionsLoader } from "~/routes/_default.accounts.change.permissions/route";
import { action as detailAction, loader as detailLoader } from "~/routes/_default.accounts.user.detail.$user_unique_code/route";
import { loader as listLoader } from "~/routes/_default.accounts.user.list/route";
import { getUser, sessionOnPageLoad } from "~/services/session.server";
import { signedInRequest, useRouteTestApi } from "../support/api";
import { insertPaymentUser } from "../support/factories";
import type { FixtureUserName } from "../support/users";
import { testContext } from "../support/context";

const api = useRouteTestApi();
const context = testContext();
const DETAIL = "/accounts/user/detail";

beforeAll(() => {
  // Read once by getConfig, so set before the first route runs.
  process.env.BANK_SERVICE_BASE_URL = api.bankServiceUrl;
});

afterAll(() => {
  delete process.env.BANK_SERVICE_BASE_URL;
});

beforeEach(async () => {
  await insertPaymentUser(api.database.db, "user");
});

afterEach(async () => {
  const db = api.database.db;
  for (const code of ["U-DEMO-USER", "U-DEMO-NEWHIRE"]) await db.delete(paymentServiceUsers).where(eq(paymentServiceUsers.userUniqueCode, code));
  await db.update(paymentServiceUsers).set({ role: 1, version: 1, lastSignedInAt: null }).where(eq(paymentServiceUsers.userUniqueCode, "U-DEMO-OWNER"));
});

async function thrownBy(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (thrown) {
    return thrown;
  }
  throw new Error("expected the route to throw");
}

const form = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } });

async function detail(code: string, as: FixtureUserName = "owner", search = "") {
  return detailLoader({ request: await signedInRequest(api, as, `${DETAIL}/${code}${search}`), params: { user_unique_code: code }, context });
}

async function act(code: string, fields: Record<string, string>, as: FixtureUserName = "owner") {
  return detailAction({ request: await signedInRequest(api, as, `${DETAIL}/${code}`, form(fields)), params: { user_unique_code: code }, context });
}

/** The notice a redirect carries, as the next page shows it. */
async function noticeOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
  return (await sessionOnPageLoad(new Request("http://localhost/", { headers: { Cookie: cookie } }))).notice;
}

describe("/accounts/user/list", () => {
  it("joins the bank's users of the company with their payment role and last sign-in", async () => {
    await api.call("/user_service/signed_in", { method: "POST", as: "user" });
    const { users, me } = await listLoader({ request: await signedInRequest(api, "owner", "/accounts/user/list"), params: {}, context });
    expect(me).toBe("U-DEMO-OWNER");
    const byCode = new Map(users.map((user) => [user.userUniqueCode, user]));
    expect([...byCode.keys()].sort()).toEqual(["U-DEMO-CLERK", "U-DEMO-INVALID", "U-DEMO-NEWHIRE", "U-DEMO-OWNER", "U-DEMO-STAFF", "U-DEMO-USER"]);
    expect(byCode.get("U-DEMO-USER")).toMatchObject({
      profile: { ba_user_last_name: "佐藤", ba_user_first_name_kana: "ハナコ", ba_user_email: "user@demo.example", ba_user_type: "company_user" },
      payment: { role: 2, registration_status: 1 },
    });
    expect(byCode.get("U-DEMO-USER")!.payment!.last_signed_in_at).not.toBeNull();
    expect(byCode.get("U-DEMO-NEWHIRE")!.payment).toBeNull();
  });

  it("is the 403 page for a company user", async () => {
    const thrown = await thrownBy(listLoader({ request: await signedInRequest(api, "user", "/accounts/user/list"), params: {}, context }));
    expect(thrown).toMatchObject({ init: { status: 403 } });
  });
});

describe("/accounts/user/detail/{user_unique_code}", () => {
  it("offers what the user's role allows, never removing the last owner", async () => {
    expect(await detail("U-DEMO-USER")).toMatchObject({ offered: ["makeOwner", "disable"], lastOwner: false, self: false, confirm: null });
    expect(await detail("U-DEMO-NEWHIRE")).toMatchObject({ offered: ["enable"], target: { payment: null } });
    expect(await detail("U-DEMO-OWNER")).toMatchObject({ offered: [], lastOwner: true, self: true });
    // A confirmation is shown only for what is offered.
    expect(await detail("U-DEMO-USER", "owner", "?confirm=disable")).toMatchObject({ confirm: "disable" });
    expect(await detail("U-DEMO-OWNER", "owner", "?confirm=disable")).toMatchObject({ confirm: null });
  });

  it("is the 404 page for another company's user or an unknown one, and the 403 page for a company user", async () => {
    for (const code of ["U-SHINKIN-OWNER", "U-NOBODY", "..."]) expect(await thrownBy(detail(code)), code).toMatchObject({ init: { status: 404 } });
    expect(await thrownBy(detail("U-DEMO-USER", "user"))).toMatchObject({ init: { status: 403 } });
    expect(await thrownBy(act("U-DEMO-USER", { intent: "disable", confirmed: "yes", version: "1" }, "user"))).toMatchObject({ init: { status: 403 } });
  });

  it("asks first, then changes the role and comes back with a notice", async () => {
    const asking = await act("U-DEMO-USER", { intent: "disable", version: "1" });
    expect(asking.headers.get("Location")).toBe(`${DETAIL}/U-DEMO-USER?confirm=disable`);
    const [unchanged] = await api.database.db.select().from(paymentServiceUsers).where(eq(paymentServiceUsers.userUniqueCode, "U-DEMO-USER"));
    expect(unchanged).toMatchObject({ role: 2 });

    const done = await act("U-DEMO-USER", { intent: "disable", confirmed: "yes", version: "1" });
    expect(done.headers.get("Location")).toBe(`${DETAIL}/U-DEMO-USER`);
    expect(await noticeOf(done)).toMatchObject({ type: "success", message: "佐藤 花子さんを無効にしました。" });
    expect(await detail("U-DEMO-USER")).toMatchObject({ target: { payment: { role: 0, version: 2 } }, offered: ["enable"] });
  });

  it("refuses a stale change with the API's message", async () => {
    await act("U-DEMO-USER", { intent: "makeOwner", confirmed: "yes", version: "1" });
    const stale = await act("U-DEMO-USER", { intent: "demote", confirmed: "yes", version: "1" });
    expect(await noticeOf(stale)).toMatchObject({ type: "error", message: "ほかの操作でこのユーザーの設定が変更されています。最新の内容を確認してから、もう一度操作してください。" });
    expect(await detail("U-DEMO-USER")).toMatchObject({ target: { payment: { role: 1, version: 2 } } });
  });

  it("enables a bank user of the company as a company user", async () => {
    const done = await act("U-DEMO-NEWHIRE", { intent: "enable", confirmed: "yes" });
    expect(await noticeOf(done)).toMatchObject({ type: "success", message: "林 優さんの利用を開始しました。" });
    expect(await detail("U-DEMO-NEWHIRE")).toMatchObject({ target: { payment: { role: 2, reference_id: 2, receive_reference_id: 1 } } });
  });

  it("sends an owner who stepped down to the top page, their session no longer an owner's", async () => {
    await act("U-DEMO-USER", { intent: "makeOwner", confirmed: "yes", version: "1" });
    const done = await act("U-DEMO-OWNER", { intent: "demote", confirmed: "yes", version: "1" });
    expect(done.headers.get("Location")).toBe("/top");
    const cookie = done.headers.get("Set-Cookie")!.split(";")[0]!;
    expect(await getUser(new Request("http://localhost/top", { headers: { Cookie: cookie } }))).toMatchObject({ userUniqueCode: "U-DEMO-OWNER", paymentRole: 2 });
  });
});

describe("/accounts/change/permissions", () => {
  const post = async (fields: Record<string, string>) => permissionsAction({ request: await signedInRequest(api, "owner", "/accounts/change/permissions", form(fields)), params: {}, context });
  const line = {
    "users[0].user_unique_code": "U-DEMO-USER",
    "users[0].reference_id": "1",
    "users[0].receive_reference_id": "2",
    "users[0].version": "1",
    "users[0].shown_reference_id": "2",
    "users[0].shown_receive_reference_id": "1",
  };

  it("lists the company users with their two choices; owners are named apart", async () => {
    const page = await permissionsLoader({ request: await signedInRequest(api, "owner", "/accounts/change/permissions"), params: {}, context });
    expect(page).toEqual({
      values: { users: [{ user_unique_code: "U-DEMO-USER", reference_id: 2, receive_reference_id: 1, version: 1, shown_reference_id: 2, shown_receive_reference_id: 1 }] },
      // The form's HTML constraints come with the data, so the page loads no schema to render them.
      constraint: expect.objectContaining({ "users[].reference_id": { required: true }, "users[].receive_reference_id": { required: true } }),
      names: ["佐藤 花子"],
      owners: ["山田 太郎"],
    });
  });

  it("saves with post/redirect/get", async () => {
    const response = (await post(line)) as Response;
    expect(response.headers.get("Location")).toBe("/accounts/change/permissions");
    expect(await noticeOf(response)).toMatchObject({ type: "success", message: "書類の参照範囲を保存しました。" });
    const [saved] = await api.database.db.select().from(paymentServiceUsers).where(eq(paymentServiceUsers.userUniqueCode, "U-DEMO-USER"));
    expect(saved).toMatchObject({ referenceId: 1, receiveReferenceId: 2, version: 2 });
  });

  it("answers a choice that does not exist with 400, and a stale form with the API's message", async () => {
    expect(await post({ ...line, "users[0].reference_id": "3" })).toMatchObject({ init: { status: 400 }, data: { error: { "users[0].reference_id": ["形式が正しくありません"] } } });
    await post(line);
    // The page shown before that save: it still says 2 and version 1.
    const stale = await post({ ...line, "users[0].receive_reference_id": "1" });
    expect(stale).toMatchObject({ init: { status: 409 }, data: { error: { "": ["ほかの操作でこのユーザーの設定が変更されています。最新の内容を確認してから、もう一度操作してください。"] } } });
  });

  it("sends only the lines the owner changed, so another owner's change to an untouched user is no conflict", async () => {
    await api.database.db.update(paymentServiceUsers).set({ referenceId: 1, version: 7 }).where(eq(paymentServiceUsers.userUniqueCode, "U-DEMO-USER"));
    const untouched = { ...line, "users[0].reference_id": "2", "users[0].receive_reference_id": "1" };
    expect(((await post(untouched)) as Response).headers.get("Location")).toBe("/accounts/change/permissions");
    const [kept] = await api.database.db.select().from(paymentServiceUsers).where(eq(paymentServiceUsers.userUniqueCode, "U-DEMO-USER"));
    expect(kept).toMatchObject({ referenceId: 1, version: 7 });
  });

  it("is the 403 page for a company user", async () => {
    expect(await thrownBy(permissionsLoader({ request: await signedInRequest(api, "user", "/accounts/change/permissions"), params: {}, context }))).toMatchObject({ init: { status: 403 } });
  });
});
