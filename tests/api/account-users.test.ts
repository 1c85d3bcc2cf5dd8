import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { meAnswer, paymentUserAnswer, paymentUsersAnswer } from "../../domain/account-answers";
import { documentCounters, documents, paymentServiceUsers } from "../../api/db/schema";
import { useTenantTestApi } from "../support/api";
import { createDocument, insertPaymentUser } from "../support/factories";
import type { FixtureUserName } from "../support/users";

const api = useTenantTestApi();

const LAST_OWNER = "オーナーが1人だけのため、このユーザーをオーナーから外すことはできません。先にほかの利用者をオーナーにしてください。";
const STALE = "ほかの操作でこのユーザーの設定が変更されています。最新の内容を確認してから、もう一度操作してください。";

const post = (path: string, body: unknown, as: FixtureUserName = "owner") =>
  api.call(path, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" }, as });

async function userRow(code: string) {
  const [row] = await api.database.db.select().from(paymentServiceUsers).where(eq(paymentServiceUsers.userUniqueCode, code));
  return row;
}

// The tenant API has the demo owner and shinkin's owner; each test adds the demo company user and removes whoever it added.
beforeEach(async () => {
  await insertPaymentUser(api.database.db, "user");
});

afterEach(async () => {
  const db = api.database.db;
  await db.delete(documents);
  await db.delete(documentCounters);
  for (const code of ["U-DEMO-USER", "U-DEMO-NEWHIRE"]) await db.delete(paymentServiceUsers).where(eq(paymentServiceUsers.userUniqueCode, code));
  await db.update(paymentServiceUsers).set({ role: 1, version: 1, referenceId: 2, receiveReferenceId: 1, lastSignedInAt: null }).where(eq(paymentServiceUsers.userUniqueCode, "U-DEMO-OWNER"));
});

describe("the company's users (owner only)", () => {
  it("lists the caller's company's payment users, never another company's", async () => {
    const response = await api.call("/user_service/users");
    expect(response.status).toBe(200);
    const { users } = paymentUsersAnswer.parse(await response.json());
    expect(users.map((user: { user_unique_code: string }) => user.user_unique_code)).toEqual(["U-DEMO-OWNER", "U-DEMO-USER"]);
    expect(users[1]).toEqual({ user_unique_code: "U-DEMO-USER", role: 2, registration_status: 1, reference_id: 2, receive_reference_id: 1, last_signed_in_at: null, version: 1 });
    const shinkin = await (await api.call("/user_service/users", { as: "shinkinOwner" })).json();
    expect(shinkin.users.map((user: { user_unique_code: string }) => user.user_unique_code)).toEqual(["U-SHINKIN-OWNER"]);
  });

  it("answers one user of the company, and 404 for another company's, an unknown or a malformed code", async () => {
    expect(paymentUserAnswer.parse(await (await api.call("/user_service/users/U-DEMO-USER")).json())).toMatchObject({ user_unique_code: "U-DEMO-USER", role: 2, version: 1 });
    for (const code of ["U-SHINKIN-OWNER", "U-NOBODY", "%20x"]) {
      const response = await api.call(`/user_service/users/${code}`);
      expect(response.status, code).toBe(404);
      expect(await response.json()).toEqual({ code: "not_found", message: "ユーザーが見つかりません。" });
    }
  });

  it("refuses a company user and bank staff on every endpoint", async () => {
    const calls: Array<[string, RequestInit]> = [
      ["/user_service/users", {}],
      ["/user_service/users/U-DEMO-OWNER", {}],
      ["/user_service/users/U-DEMO-OWNER/role", { method: "POST", body: JSON.stringify({ role: 2, version: 1 }), headers: { "Content-Type": "application/json" } }],
      ["/user_service/users/U-DEMO-NEWHIRE/enable", { method: "POST" }],
      ["/user_service/permissions", { method: "POST", body: JSON.stringify({ users: [{ user_unique_code: "U-DEMO-USER", reference_id: 1, receive_reference_id: 1, version: 1 }] }), headers: { "Content-Type": "application/json" } }],
    ];
    for (const [path, init] of calls) {
      const response = await api.call(path, { ...init, as: "user" });
      expect(response.status, path).toBe(403);
      expect((await response.json()).message).toBe("この操作は企業の管理者（オーナー）だけが行えます。");
      expect((await api.call(path, { ...init, as: "bankAdmin" })).status, path).toBe(403);
    }
    expect(await userRow("U-DEMO-OWNER")).toMatchObject({ role: 1, version: 1 });
    expect(await userRow("U-DEMO-USER")).toMatchObject({ referenceId: 2, version: 1 });
    expect(await userRow("U-DEMO-NEWHIRE")).toBeUndefined();
  });
});

describe("changing a role", () => {
  it("makes a company user owner and back, moving the version; a stale version is refused", async () => {
    const promoted = await post("/user_service/users/U-DEMO-USER/role", { role: 1, version: 1 });
    expect(promoted.status).toBe(200);
    expect(paymentUserAnswer.parse(await promoted.json())).toMatchObject({ role: 1, version: 2 });

    const stale = await post("/user_service/users/U-DEMO-USER/role", { role: 2, version: 1 });
    expect(stale.status).toBe(409);
    expect((await stale.json()).message).toBe(STALE);
    expect(await userRow("U-DEMO-USER")).toMatchObject({ role: 1, version: 2 });

    expect(await (await post("/user_service/users/U-DEMO-USER/role", { role: 2, version: 2 })).json()).toMatchObject({ role: 2, version: 3 });
  });

  it("never demotes or disables the last owner, not even by themself", async () => {
    for (const role of [2, 0]) {
      const response = await post("/user_service/users/U-DEMO-OWNER/role", { role, version: 1 });
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ code: "conflict", message: LAST_OWNER });
    }
    expect(await userRow("U-DEMO-OWNER")).toMatchObject({ role: 1, version: 1 });
  });

  it("lets an owner step down once another owner exists, and then refuses them", async () => {
    await post("/user_service/users/U-DEMO-USER/role", { role: 1, version: 1 });
    const disabled = await post("/user_service/users/U-DEMO-OWNER/role", { role: 0, version: 1 });
    expect(paymentUserAnswer.parse(await disabled.json())).toMatchObject({ role: 0, version: 2 });
    expect((await api.call("/user_service/users")).status).toBe(403);
    // The remaining owner is now the last one.
    expect((await post("/user_service/users/U-DEMO-USER/role", { role: 2, version: 2 }, "user")).status).toBe(409);
  });

  it("keeps one owner when two owners demote each other at the same moment", async () => {
    await post("/user_service/users/U-DEMO-USER/role", { role: 1, version: 1 });
    const results = await Promise.all([
      post("/user_service/users/U-DEMO-USER/role", { role: 2, version: 2 }, "owner"),
      post("/user_service/users/U-DEMO-OWNER/role", { role: 2, version: 1 }, "user"),
    ]);
    const statuses = results.map((response) => response.status).sort();
    // The one that waited either finds the last owner (409) or, as the other's change made its caller no owner, is refused (403).
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const owners = (await api.database.db.select().from(paymentServiceUsers).where(eq(paymentServiceUsers.companyUniqueCode, "C-DEMO"))).filter((user) => user.role === 1);
    expect(owners).toHaveLength(1);
  });

  it("answers 404 for another company's user and 422 for a role that does not exist", async () => {
    expect((await post("/user_service/users/U-SHINKIN-OWNER/role", { role: 2, version: 1 })).status).toBe(404);
    expect(await userRow("U-SHINKIN-OWNER")).toMatchObject({ role: 1 });
    expect((await post("/user_service/users/U-DEMO-USER/role", { role: 3, version: 1 })).status).toBe(422);
  });
});

describe("enabling a bank user", () => {
  it("makes a payment service user with role 2 and the specified defaults, once", async () => {
    const response = await api.call("/user_service/users/U-DEMO-NEWHIRE/enable", { method: "POST" });
    expect(response.status).toBe(201);
    expect(paymentUserAnswer.parse(await response.json())).toMatchObject({ user_unique_code: "U-DEMO-NEWHIRE", role: 2, reference_id: 2, receive_reference_id: 1, version: 1 });
    expect(await userRow("U-DEMO-NEWHIRE")).toMatchObject({ companyUniqueCode: "C-DEMO", planId: 2 });
    const again = await api.call("/user_service/users/U-DEMO-NEWHIRE/enable", { method: "POST" });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("このユーザーはすでに登録されています。");
  });

  it("refuses, as one unknown user, a code the bank does not give as the owner's company's: another company's, bank staff's, nobody's", async () => {
    // shinkin's owner tries demo's new hire; demo's owner tries shinkin's owner, bank staff and a code that does not exist.
    const attempts: Array<[FixtureUserName, string]> = [
      ["shinkinOwner", "U-DEMO-NEWHIRE"],
      ["owner", "U-SHINKIN-OWNER"],
      ["owner", "U-SYSADMIN"],
      ["owner", "U-NOBODY"],
    ];
    for (const [as, code] of attempts) {
      const response = await api.call(`/user_service/users/${code}/enable`, { method: "POST", as });
      expect(response.status, `${as} ${code}`).toBe(404);
      expect(await response.json()).toEqual({ code: "not_found", message: "ユーザーが見つかりません。" });
    }
    expect(await userRow("U-DEMO-NEWHIRE")).toBeUndefined();
    expect(await userRow("U-SHINKIN-OWNER")).toMatchObject({ companyUniqueCode: "C-SHINKIN", role: 1 });
    expect(await userRow("U-SYSADMIN")).toBeUndefined();
    // The new hire is still theirs to enable.
    expect((await api.call("/user_service/users/U-DEMO-NEWHIRE/enable", { method: "POST" })).status).toBe(201);
  });
});

describe("setting what each user sees", () => {
  const line = (fields: Record<string, unknown> = {}) => ({ user_unique_code: "U-DEMO-USER", reference_id: 1, receive_reference_id: 2, version: 1, ...fields });

  it("saves the two choices, moving the version of the users changed only", async () => {
    const response = await post("/user_service/permissions", { users: [line(), { user_unique_code: "U-DEMO-OWNER", reference_id: 2, receive_reference_id: 1, version: 1 }] });
    expect(response.status).toBe(200);
    const { users } = paymentUsersAnswer.parse(await response.json());
    expect(users).toEqual([
      expect.objectContaining({ user_unique_code: "U-DEMO-OWNER", version: 1 }),
      expect.objectContaining({ user_unique_code: "U-DEMO-USER", reference_id: 1, receive_reference_id: 2, version: 2 }),
    ]);
  });

  it("refuses the whole form when one changed line is stale, saving nothing", async () => {
    await api.database.db.update(paymentServiceUsers).set({ version: 5 }).where(eq(paymentServiceUsers.userUniqueCode, "U-DEMO-OWNER"));
    const response = await post("/user_service/permissions", { users: [line(), { user_unique_code: "U-DEMO-OWNER", reference_id: 1, receive_reference_id: 1, version: 1 }] });
    expect(response.status).toBe(409);
    expect((await response.json()).message).toBe(STALE);
    expect(await userRow("U-DEMO-USER")).toMatchObject({ referenceId: 2, receiveReferenceId: 1, version: 1 });
  });

  it("answers 404 for another company's user and 422 for a choice that does not exist", async () => {
    expect((await post("/user_service/permissions", { users: [line({ user_unique_code: "U-SHINKIN-OWNER" })] })).status).toBe(404);
    expect(await userRow("U-SHINKIN-OWNER")).toMatchObject({ referenceId: 2, receiveReferenceId: 1 });
    const invalid = await post("/user_service/permissions", { users: [line({ reference_id: 3 })] });
    expect(invalid.status).toBe(422);
    expect((await invalid.json()).fields).toEqual({ "users[0][reference_id]": ["形式が正しくありません"] });
  });
});

describe("recording a sign-in", () => {
  it("answers the caller's payment user and keeps when they signed in, for the owner's list", async () => {
    const before = Date.now();
    const response = await api.call("/user_service/signed_in", { method: "POST", as: "user" });
    expect(response.status).toBe(200);
    expect(meAnswer.parse(await response.json())).toEqual({ role: 2 });
    const { users } = paymentUsersAnswer.parse(await (await api.call("/user_service/users")).json());
    const signedIn = Date.parse(users.find((user) => user.user_unique_code === "U-DEMO-USER")?.last_signed_in_at ?? "");
    expect(signedIn).toBeGreaterThanOrEqual(before - 1000);
    expect(signedIn).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("answers 404 for a user with no payment service user, as GET /user_service/me does", async () => {
    expect((await api.call("/user_service/signed_in", { method: "POST", as: "newcomer" })).status).toBe(404);
  });
});

describe("a company user who sees only their own documents (reference_id 2)", () => {
  async function twoInvoices() {
    const owners = await createDocument(api, { customer_name: "株式会社オーナー商事", lines: [{ description: "作業", quantity: "1", unit_price: "10000" }] }, "owner");
    const users = await createDocument(api, { customer_name: "株式会社ユーザー商事", lines: [{ description: "作業", quantity: "1", unit_price: "3000" }] }, "user");
    return { owners, users };
  }

  const list = async (as: FixtureUserName, query = "") => (await api.call(`/documents?kind=invoice${query}`, { as })).json();

  it("lists and totals only the documents they created, by status and by any filter; the owner sees all", async () => {
    const { users } = await twoInvoices();
    for (const query of ["", "&status=1", "&q=商事", "&issued_from=2026-11-01"]) {
      const mine = await list("user", query);
      expect(mine.items.map((item: { id: number }) => item.id), query).toEqual([users.id]);
      expect(mine.total, query).toBe(1);
      expect(mine.sum, query).toEqual({ tax_included: "3300", amount_due: "3300" });
      const all = await list("owner", query);
      expect(all.total, query).toBe(2);
      expect(all.sum, query).toEqual({ tax_included: "14300", amount_due: "14300" });
    }
  });

  it("answers 404 for another's document: detail, PDF, snapshot, mails, and every change", async () => {
    const { owners, users } = await twoInvoices();
    expect((await api.call(`/documents/${users.id}`, { as: "user" })).status).toBe(200);
    const refused: Array<[string, RequestInit]> = [
      [`/documents/${owners.id}`, {}],
      [`/documents/${owners.id}/pdf`, {}],
      [`/documents/${owners.id}/snapshots`, { method: "POST" }],
      [`/documents/${owners.id}/mails`, {}],
      [`/documents/${owners.id}/issue`, { method: "POST" }],
      [`/documents/${owners.id}/status`, { method: "POST", body: JSON.stringify({ status: 2 }), headers: { "Content-Type": "application/json" } }],
      [`/documents/${owners.id}/void`, { method: "POST" }],
      [`/documents/${owners.id}`, { method: "DELETE" }],
      [`/documents/${owners.id}`, { method: "POST", body: JSON.stringify({ _method: "PATCH", version: owners.version, issue_date: "2026-11-22", customer_name: "改ざん", lines: [{ description: "x", quantity: "1", unit_price: "1" }] }), headers: { "Content-Type": "application/json" } }],
    ];
    for (const [path, init] of refused) {
      const response = await api.call(path, { ...init, as: "user" });
      expect(response.status, `${init.method ?? "GET"} ${path}`).toBe(404);
    }
    const [unchanged] = await api.database.db.select().from(documents).where(eq(documents.id, owners.id));
    expect(unchanged).toMatchObject({ customerName: "株式会社オーナー商事", issuedAt: null, voidedAt: null, version: owners.version });
    // Nor is another's document a source to make one from.
    const converted = await post("/documents", { kind: "receipt", source_document_id: owners.id, issue_date: "2026-11-22", customer_name: "x", lines: [{ description: "x", quantity: "1", unit_price: "1" }] }, "user");
    expect(converted.status).toBe(422);
  });

  it("exports only the documents they created", async () => {
    const { owners, users } = await twoInvoices();
    const csv = await (await api.call("/documents/export?kind=invoice&encoding=UTF8N", { as: "user" })).text();
    expect(csv).toContain(users.number);
    expect(csv).not.toContain(owners.number);
    expect(csv.trimEnd().split("\r\n")).toHaveLength(2);
  });

  it("sees the company's documents once the owner allows all (reference_id 1)", async () => {
    const { owners } = await twoInvoices();
    await post("/user_service/permissions", { users: [{ user_unique_code: "U-DEMO-USER", reference_id: 1, receive_reference_id: 1, version: 1 }] });
    expect((await list("user")).total).toBe(2);
    expect((await api.call(`/documents/${owners.id}/mails`, { as: "user" })).status).toBe(200);
  });
});
