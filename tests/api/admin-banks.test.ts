import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayJst } from "../../domain/datetime";
import { firstOfMonth, lastOfMonth } from "../../domain/plans";
import { adminAuditLog, bankBranches, bankNotices, companyPlans, freeTrialReservations } from "../../api/db/schema";
import { bankDetailAnswer, bankListAnswer, bankNoticeAnswer, createdReservationAnswer, reservationDetailAnswer } from "../../domain/admin-answers";
import { bankDetailAction } from "~/routes/__admin-banks/admin-banks.server";
import { defaultLayoutLoader } from "~/services/default-layout.server";
import { requireReceiveAccess } from "~/services/route-checks.server";
import { signedInRequest, startTestApi, type TestApi } from "../support/api";
import { insertBank, insertPaymentUser, insertTerms, offerPlans } from "../support/factories";
import { enableReceiving } from "../support/received";
import type { FixtureUserName } from "../support/users";
import { testContext } from "../support/context";
import { shownAgain } from "../support/route-answers";

let api: TestApi;
const today = todayJst();
const nextMonth = firstOfMonth(today, 1);
const nextMonthEnd = lastOfMonth(nextMonth);
const inTwoMonths = firstOfMonth(today, 2);
const inTwoMonthsEnd = lastOfMonth(inTwoMonths);

beforeAll(async () => {
  api = await startTestApi();
  // The web app's services reach this API (read once by getConfig, so before the first page runs).
  process.env.PAYMENT_API_BASE_URL = api.url.replace(/\/api\/v1$/, "");
  const { db } = api.database;
  await insertBank(db, "0001", { name: "デモ銀行", baName: "デモ銀行" });
  await insertBank(db, "0002", {
    name: "サンプル信用金庫",
    baName: "しんきん",
  });
  await insertBank(db, "9998", { name: "運営管理", baName: "運営管理" });
  await insertPaymentUser(db, "owner");
  await insertPaymentUser(db, "shinkinOwner");
  await enableReceiving(db);
  await offerPlans(db, "0001", [1, 2]);
  await insertTerms(db, {
    kind: "bank",
    bankCode: "0001",
    title: "デモ銀行 利用規約",
    version: "2.0",
  });
  await db.insert(bankBranches).values([
    { bankCode: "0001", branchCode: "001", name: "本店営業部" },
    { bankCode: "0001", branchCode: "002", name: "駅前支店" },
    { bankCode: "0002", branchCode: "001", name: "本店" },
  ]);
  // The demo company is handled by the head office, which the branch staff belong to.
  await db.update(companyPlans).set({ branchCode: "001" }).where(eq(companyPlans.companyUniqueCode, "C-DEMO"));
});

afterAll(async () => {
  delete process.env.PAYMENT_API_BASE_URL;
  await api?.close();
});

const json = (method: string, body: Record<string, unknown>, headers: Record<string, string> = {}): RequestInit => ({
  method,
  body: JSON.stringify(body),
  headers: { "Content-Type": "application/json", ...headers },
});

async function detail(bankCode: string, as: FixtureUserName = "bankAdmin") {
  const response = await api.call(`/admin/banks/${bankCode}`, { as });
  expect(response.status).toBe(200);
  // Read with the contract the web app parses with (domain/admin-answers.ts).
  return bankDetailAnswer.parse(await response.json());
}

async function reserve(bankCode: string, body: Record<string, unknown>, as: FixtureUserName = "bankAdmin") {
  return api.call(`/admin/banks/${bankCode}/free-trial-reservations`, {
    as,
    ...json("POST", body),
  });
}

/** Settings as they are now, with one field changed. */
async function settingsPatch(bankCode: string, change: Record<string, unknown> = {}) {
  const bank = await detail(bankCode, "operator");
  return {
    _method: "PATCH",
    version: bank.version,
    ba_name: bank.ba_name,
    enable_payment_receive: bank.enable_payment_receive,
    check_payment_method_filled: bank.check_payment_method_filled,
    is_payment_method_filled: bank.is_payment_method_filled,
    ...change,
  };
}

describe("who may read and change bank settings, reservations and notices", () => {
  const readers: FixtureUserName[] = ["systemAdmin", "bankAdmin", "branchAdmin", "branchUser", "operator"];

  it("lists the banks each role sees, with the companies it sees in each", async () => {
    for (const as of readers) {
      const response = await api.call("/admin/banks", { as });
      expect(response.status, as).toBe(200);
      const { items } = bankListAnswer.parse(await response.json());
      const codes = items.map((bank) => bank.bank_code);
      expect(codes, as).toEqual(as === "operator" ? ["0001", "0002", "9998"] : ["0001"]);
      expect(items[0], as).toMatchObject({
        bank_code: "0001",
        name: "デモ銀行",
        enable_payment_receive: true,
        company_count: 1,
      });
    }
    // Branch staff count their branch's companies only.
    await api.database.db.update(companyPlans).set({ branchCode: "002" }).where(eq(companyPlans.companyUniqueCode, "C-DEMO"));
    expect((await (await api.call("/admin/banks", { as: "branchUser" })).json()).items[0].company_count).toBe(0);
    expect((await (await api.call("/admin/banks", { as: "bankAdmin" })).json()).items[0].company_count).toBe(1);
    await api.database.db.update(companyPlans).set({ branchCode: "001" }).where(eq(companyPlans.companyUniqueCode, "C-DEMO"));
  });

  it("shows a bank's detail to its staff (can_change for admins only), another bank's as not found, and every bank to 9998's system admin", async () => {
    for (const as of readers) {
      const bank = await detail("0001", as);
      expect(bank.can_change, as).toBe(as === "systemAdmin" || as === "bankAdmin" || as === "operator");
      expect(bank).toMatchObject({ bank_code: "0001", ba_name: "デモ銀行" });
      expect(bank.plans.map((plan) => plan.plan_id)).toEqual([1, 2]);
      expect(bank.plans[0]).toMatchObject({ amount: 1000, total_amount: 1100 });
      expect(bank.terms).toEqual([expect.objectContaining({ title: "デモ銀行 利用規約", version: "2.0" })]);
      expect(bank.branches).toEqual([
        { branch_code: "001", name: "本店営業部" },
        { branch_code: "002", name: "駅前支店" },
      ]);
    }
    for (const as of ["systemAdmin", "bankAdmin", "branchAdmin", "branchUser"] as const) {
      expect((await api.call("/admin/banks/0002", { as })).status, as).toBe(404);
      expect((await api.call("/admin/banks/9999", { as })).status, as).toBe(404);
    }
    expect((await detail("0002", "operator")).ba_name).toBe("しんきん");
    expect((await api.call("/admin/banks/0003", { as: "operator" })).status).toBe(404);
  });

  it("lets system and bank admins (and 9998's) change settings, refuses branch staff with 403 and another bank with 404", async () => {
    for (const as of ["systemAdmin", "bankAdmin"] as const) {
      const response = await api.call("/admin/banks/0001", {
        as,
        ...json("POST", await settingsPatch("0001", { ba_name: `デモ銀行（${as}）` })),
      });
      expect(response.status, as).toBe(200);
      expect((await response.json()).ba_name).toBe(`デモ銀行（${as}）`);
      expect(
        (
          await api.call("/admin/banks/0002", {
            as,
            ...json("POST", await settingsPatch("0002")),
          })
        ).status,
        as,
      ).toBe(404);
    }
    for (const as of ["branchAdmin", "branchUser"] as const) {
      const refused = await api.call("/admin/banks/0001", {
        as,
        ...json("POST", await settingsPatch("0001", { ba_name: "支店が変更" })),
      });
      expect(refused.status, as).toBe(403);
      expect((await refused.json()).message).toContain("銀行の管理者");
    }
    const operator = await api.call("/admin/banks/0002", {
      as: "operator",
      ...json("POST", await settingsPatch("0002", { is_payment_method_filled: true })),
    });
    expect(operator.status).toBe(200);
    expect((await operator.json()).is_payment_method_filled).toBe(true);
  });

  it("applies the same rules to reservations and notices", async () => {
    const reservation = {
      branch_code: "",
      free_months: 1,
      start_date: inTwoMonths,
      finish_date: inTwoMonthsEnd,
    };
    for (const as of ["branchAdmin", "branchUser"] as const) expect((await reserve("0001", reservation, as)).status, as).toBe(403);
    expect((await reserve("0002", reservation, "bankAdmin")).status).toBe(404);
    const created = await reserve("0002", reservation, "operator");
    expect(created.status).toBe(201);
    const { id, version } = await created.json();
    const path = `/admin/banks/0002/free-trial-reservations/${id}`;
    const edit = { _method: "PATCH", version, ...reservation, free_months: 2 };
    for (const as of ["systemAdmin", "bankAdmin", "branchAdmin", "branchUser"] as const) {
      expect((await api.call(path, { as })).status, as).toBe(404);
      expect((await api.call(path, { as, ...json("POST", edit) })).status, as).toBe(404);
      expect((await api.call(`${path}/cancel`, { as, ...json("POST", { version }) })).status, as).toBe(404);
    }
    const own = createdReservationAnswer.parse(await (await reserve("0001", reservation, "systemAdmin")).json());
    // The whole bank: no branch, so no branch name.
    expect(own).toMatchObject({ branch_code: null, branch_name: null, canceled_at: null });
    const ownPath = `/admin/banks/0001/free-trial-reservations/${own.id}`;
    for (const as of ["branchAdmin", "branchUser"] as const) {
      const read = await api.call(ownPath, { as });
      expect(read.status, as).toBe(200);
      expect(reservationDetailAnswer.parse(await read.json()).can_change, as).toBe(false);
      expect(
        (
          await api.call(ownPath, {
            as,
            ...json("POST", { ...edit, version: own.version }),
          })
        ).status,
        as,
      ).toBe(403);
      expect(
        (
          await api.call(`${ownPath}/cancel`, {
            as,
            ...json("POST", { version: own.version }),
          })
        ).status,
        as,
      ).toBe(403);
    }
    expect(
      (
        await api.call(ownPath, {
          as: "bankAdmin",
          ...json("POST", { ...edit, version: own.version }),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api.call(`${ownPath}/cancel`, {
          as: "systemAdmin",
          ...json("POST", { version: own.version + 1 }),
        })
      ).status,
    ).toBe(200);

    const notice = {
      kind: "info",
      title: "年末年始の営業について",
      body: "12月31日から1月3日まではお問い合わせ窓口が休みです。",
      publish_from: today,
    };
    for (const as of ["branchAdmin", "branchUser"] as const)
      expect(
        (
          await api.call("/admin/banks/0001/notices", {
            as,
            ...json("POST", notice),
          })
        ).status,
        as,
      ).toBe(403);
    expect(
      (
        await api.call("/admin/banks/0002/notices", {
          as: "bankAdmin",
          ...json("POST", notice),
        })
      ).status,
    ).toBe(404);
    const posted = await api.call("/admin/banks/0001/notices", {
      as: "bankAdmin",
      ...json("POST", notice),
    });
    expect(posted.status).toBe(201);
    const { id: noticeId } = await posted.json();
    for (const as of ["branchAdmin", "branchUser"] as const)
      expect(
        (
          await api.call(`/admin/banks/0001/notices/${noticeId}/withdraw`, {
            as,
            ...json("POST", { version: 1 }),
          })
        ).status,
        as,
      ).toBe(403);
    expect(
      (
        await api.call(`/admin/banks/0001/notices/${noticeId}/withdraw`, {
          as: "operator",
          ...json("POST", { version: 1 }),
        })
      ).status,
    ).toBe(200);
    const withdrawnAgain = await api.call(`/admin/banks/0001/notices/${noticeId}/withdraw`, { as: "bankAdmin", ...json("POST", { version: 2 }) });
    expect(withdrawnAgain.status).toBe(409);
    const shown = (await detail("0001")).notices.find((entry) => entry.id === noticeId);
    expect(shown).toMatchObject({
      status: "withdrawn",
      title: "年末年始の営業について",
      // An info notice has no maintenance window; left open, it has no last day.
      starts_at: null,
      ends_at: null,
      publish_until: null,
    });
  });

  it("refuses a company user's token on every one of these endpoints with 403", async () => {
    const calls: Array<[string, RequestInit]> = [
      ["/admin/banks", { method: "GET" }],
      ["/admin/banks/0001", { method: "GET" }],
      ["/admin/banks/0001", json("POST", { _method: "PATCH", version: 1 })],
      ["/admin/banks/0001/free-trial-reservations", json("POST", {})],
      ["/admin/banks/0001/free-trial-reservations/1", { method: "GET" }],
      ["/admin/banks/0001/free-trial-reservations/1", json("POST", { _method: "PATCH", version: 1 })],
      ["/admin/banks/0001/free-trial-reservations/1/cancel", json("POST", { version: 1 })],
      ["/admin/banks/0001/notices", json("POST", {})],
      ["/admin/banks/0001/notices/1/withdraw", json("POST", { version: 1 })],
    ];
    for (const as of ["owner", "shinkinOwner"] as const) {
      for (const [path, init] of calls) {
        const response = await api.call(path, { as, ...init });
        expect(response.status, `${as} ${init.method} ${path}`).toBe(403);
      }
    }
  });
});

describe("bank settings", () => {
  it("refuses a stale version with 409 and bad input with Japanese messages per field, changing nothing", async () => {
    const stale = await settingsPatch("0001", { ba_name: "古い画面から" });
    await api.call("/admin/banks/0001", {
      as: "bankAdmin",
      ...json("POST", await settingsPatch("0001", { ba_name: "新しい名前" })),
    });
    const conflict = await api.call("/admin/banks/0001", {
      as: "bankAdmin",
      ...json("POST", stale),
    });
    expect(conflict.status).toBe(409);
    expect((await conflict.json()).message).toMatch(/^ほかの操作でこの銀行設定が更新されています。/);

    const bad = await api.call("/admin/banks/0001", {
      as: "bankAdmin",
      ...json(
        "POST",
        await settingsPatch("0001", {
          ba_name: "  ",
          enable_payment_receive: undefined,
        }),
      ),
    });
    expect(bad.status).toBe(422);
    const { fields } = await bad.json();
    expect(fields.ba_name).toEqual(["サービス表示名を入力してください"]);
    expect(fields.enable_payment_receive).toEqual(["このフィールドは必須です"]);
    const long = await api.call("/admin/banks/0001", {
      as: "bankAdmin",
      ...json("POST", await settingsPatch("0001", { ba_name: "あ".repeat(51) })),
    });
    expect((await long.json()).fields.ba_name).toEqual(["サービス表示名は50文字以内で入力してください"]);
    expect((await detail("0001")).ba_name).toBe("新しい名前");
  });

  it("takes a urlencoded form as well", async () => {
    const current = await settingsPatch("0001");
    const form = new URLSearchParams({
      ...Object.fromEntries(Object.entries(current).map(([key, value]) => [key, String(value)])),
      ba_name: "フォームから",
    });
    const response = await api.call("/admin/banks/0001", {
      as: "bankAdmin",
      method: "POST",
      body: form,
    });
    expect(response.status).toBe(200);
    expect((await response.json()).ba_name).toBe("フォームから");
  });

  it("keeps who changed what, before and after, with the trace id, and shows it on the bank's detail", async () => {
    const before = await detail("0001");
    const response = await api.call("/admin/banks/0001", {
      as: "bankAdmin",
      ...json(
        "POST",
        await settingsPatch("0001", {
          check_payment_method_filled: !before.check_payment_method_filled,
        }),
        { "X-Request-Id": "trace-bank-setting-0001" },
      ),
    });
    expect(response.status).toBe(200);
    const [row] = await api.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.traceId, "trace-bank-setting-0001"));
    expect(row).toMatchObject({
      bankCode: "0001",
      action: "bank_setting.update",
      target: "bank:0001",
      actorUserUniqueCode: "U-BANK-ADMIN",
      actorUserType: "bank_admin",
      actorBankCode: "0001",
      before: expect.objectContaining({
        check_payment_method_filled: before.check_payment_method_filled,
        version: before.version,
      }),
      after: expect.objectContaining({
        check_payment_method_filled: !before.check_payment_method_filled,
        version: before.version + 1,
      }),
    });
    const shown = (await response.json()).audit[0];
    expect(shown).toMatchObject({
      action: "bank_setting.update",
      actor_user_type: "bank_admin",
      trace_id: "trace-bank-setting-0001",
    });
  });

  it("turning receiving off answers the bank's companies 403 unpublished on their next call, and /bank/config says so", async () => {
    expect((await api.call("/received-documents?kind=invoice")).status).toBe(200);
    expect(await (await api.call("/bank/config")).json()).toMatchObject({
      bank_code: "0001",
      enable_payment_receive: true,
    });
    const off = await api.call("/admin/banks/0001", {
      as: "bankAdmin",
      ...json("POST", await settingsPatch("0001", { enable_payment_receive: false })),
    });
    expect(off.status).toBe(200);
    const refused = await api.call("/received-documents?kind=invoice");
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe("unpublished");
    expect((await (await api.call("/bank/config")).json()).enable_payment_receive).toBe(false);
    // Another bank's companies are not affected.
    expect(await (await api.call("/bank/config", { as: "shinkinOwner" })).json()).toMatchObject({ bank_code: "0002", enable_payment_receive: true });
    await api.call("/admin/banks/0001", {
      as: "bankAdmin",
      ...json("POST", await settingsPatch("0001", { enable_payment_receive: true })),
    });
    expect((await api.call("/received-documents?kind=invoice")).status).toBe(200);
  });

  it("answers /bank/config to company callers only", async () => {
    expect((await api.call("/bank/config", { as: "bankAdmin" })).status).toBe(403);
    expect((await api.call("/bank/config", { as: null })).status).toBe(401);
  });
});

describe("free-trial reservations", () => {
  const branchTarget = {
    branch_code: "002",
    free_months: 3,
    start_date: nextMonth,
    finish_date: nextMonthEnd,
  };

  it("creates one, refuses an overlapping one of the same target with the other's dates, allows another target", async () => {
    const created = await reserve("0001", branchTarget);
    expect(created.status).toBe(201);
    const body = createdReservationAnswer.parse(await created.json());
    expect(body).toMatchObject({
      branch_code: "002",
      branch_name: "駅前支店",
      free_months: 3,
      status: "scheduled",
      status_label: "予定",
      version: 1,
    });
    expect(body.audit).toEqual([
      expect.objectContaining({
        action: "free_trial_reservation.create",
        actor_user_unique_code: "U-BANK-ADMIN",
      }),
    ]);

    const overlapping = await reserve("0001", {
      ...branchTarget,
      start_date: nextMonthEnd,
      finish_date: inTwoMonthsEnd,
    });
    expect(overlapping.status).toBe(422);
    const refusal = await overlapping.json();
    const dates = `${nextMonth.replaceAll("-", "/")}〜${nextMonthEnd.replaceAll("-", "/")}`;
    expect(refusal.message).toContain(dates);
    expect(refusal.fields.start_date[0]).toContain(dates);
    // The head office is another target, as is the bank as a whole.
    expect((await reserve("0001", { ...branchTarget, branch_code: "001" })).status).toBe(201);
  });

  it("checks the months, the dates and the branch", async () => {
    const response = await reserve("0001", {
      branch_code: "999",
      free_months: 13,
      start_date: "2026-02-30",
      finish_date: "",
    });
    expect(response.status).toBe(422);
    const { fields } = await response.json();
    expect(fields.free_months).toEqual(["無料期間は1から12までの月数を入力してください"]);
    expect(fields.start_date).toEqual(["開始日は 2026-04-01 の形式で、暦にある日付を入力してください"]);
    expect(fields.finish_date).toEqual(["終了日を入力してください"]);
    const past = await reserve("0001", {
      branch_code: "999",
      free_months: 1,
      start_date: "2020-01-01",
      finish_date: "2020-01-31",
    });
    const pastFields = (await past.json()).fields;
    expect(pastFields.branch_code).toEqual(["この銀行の支店から選んでください"]);
    expect(pastFields.start_date[0]).toMatch(/^開始日は今日/);
    const backwards = await reserve("0001", {
      branch_code: "",
      free_months: 1,
      start_date: inTwoMonthsEnd,
      finish_date: inTwoMonths,
    });
    expect((await backwards.json()).fields.finish_date).toEqual(["終了日は開始日以降の日付にしてください"]);
  });

  it("lets exactly one of two overlapping reservations made at once through", async () => {
    const target = {
      branch_code: "",
      free_months: 2,
      start_date: firstOfMonth(today, 5),
      finish_date: lastOfMonth(firstOfMonth(today, 5)),
    };
    const answers = await Promise.all([reserve("0001", target, "bankAdmin"), reserve("0001", { ...target, free_months: 4 }, "systemAdmin")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
    const rows = await api.database.db
      .select()
      .from(freeTrialReservations)
      .where(and(eq(freeTrialReservations.bankCode, "0001"), eq(freeTrialReservations.startDate, target.start_date)));
    expect(rows).toHaveLength(1);
  });

  it("edits one before it starts (stale version 409), refuses after the start, cancels it with its audit, and keeps it listed", async () => {
    const created = await (
      await reserve("0001", {
        branch_code: "002",
        free_months: 1,
        start_date: firstOfMonth(today, 7),
        finish_date: lastOfMonth(firstOfMonth(today, 7)),
      })
    ).json();
    const path = `/admin/banks/0001/free-trial-reservations/${created.id}`;
    const edited = await api.call(path, {
      as: "bankAdmin",
      ...json(
        "POST",
        {
          _method: "PATCH",
          version: 1,
          branch_code: "002",
          free_months: 6,
          start_date: firstOfMonth(today, 7),
          finish_date: lastOfMonth(firstOfMonth(today, 7)),
        },
        { "X-Request-Id": "trace-reservation-edit" },
      ),
    });
    expect(edited.status).toBe(200);
    expect(reservationDetailAnswer.parse(await edited.json())).toMatchObject({ free_months: 6, version: 2, can_change: true });
    const stale = await api.call(path, {
      as: "bankAdmin",
      ...json("POST", {
        _method: "PATCH",
        version: 1,
        branch_code: "002",
        free_months: 2,
        start_date: firstOfMonth(today, 7),
        finish_date: lastOfMonth(firstOfMonth(today, 7)),
      }),
    });
    expect(stale.status).toBe(409);
    const [entry] = await api.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.traceId, "trace-reservation-edit"));
    expect(entry).toMatchObject({
      action: "free_trial_reservation.update",
      target: `free_trial_reservation:${created.id}`,
      before: expect.objectContaining({ free_months: 1 }),
      after: expect.objectContaining({ free_months: 6 }),
    });

    // Once it has started it can no longer be edited; it can still be cancelled.
    await api.database.db.update(freeTrialReservations).set({ startDate: today }).where(eq(freeTrialReservations.id, created.id));
    const started = await api.call(path, {
      as: "bankAdmin",
      ...json("POST", {
        _method: "PATCH",
        version: 2,
        branch_code: "002",
        free_months: 2,
        start_date: firstOfMonth(today, 7),
        finish_date: lastOfMonth(firstOfMonth(today, 7)),
      }),
    });
    expect(started.status).toBe(409);
    expect((await started.json()).message).toBe("開始済みの予約は変更できません。");

    const canceled = await api.call(`${path}/cancel`, {
      as: "bankAdmin",
      ...json("POST", { version: 2 }, { "X-Request-Id": "trace-reservation-cancel" }),
    });
    expect(canceled.status).toBe(200);
    const body = reservationDetailAnswer.parse(await canceled.json());
    expect(body.canceled_at).not.toBeNull();
    expect(body).toMatchObject({
      status: "canceled",
      status_label: "取消",
      version: 3,
    });
    expect(body.audit.map((row) => row.action)).toEqual([
      "free_trial_reservation.cancel",
      "free_trial_reservation.update",
      "free_trial_reservation.create",
    ]);
    expect(body.audit[0]?.trace_id).toBe("trace-reservation-cancel");
    expect(
      (
        await api.call(`${path}/cancel`, {
          as: "bankAdmin",
          ...json("POST", { version: 3 }),
        })
      ).status,
    ).toBe(409);
    const listed = (await detail("0001")).reservations.find((reservation) => reservation.id === created.id);
    expect(listed).toMatchObject({
      status: "canceled",
      branch_name: "駅前支店",
    });
    // A cancelled one no longer holds its period.
    expect(
      (
        await reserve("0001", {
          branch_code: "002",
          free_months: 1,
          start_date: firstOfMonth(today, 7),
          finish_date: lastOfMonth(firstOfMonth(today, 7)),
        })
      ).status,
    ).toBe(201);
  });

  it("refuses cancelling one that has finished", async () => {
    const [row] = await api.database.db
      .insert(freeTrialReservations)
      .values({
        bankCode: "0001",
        branchCode: "001",
        freeMonths: 1,
        startDate: "2025-04-01",
        finishDate: "2025-04-30",
      })
      .returning();
    const response = await api.call(`/admin/banks/0001/free-trial-reservations/${row!.id}/cancel`, { as: "bankAdmin", ...json("POST", { version: 1 }) });
    expect(response.status).toBe(409);
    expect((await response.json()).message).toBe("終了した予約は取り消せません。");
    expect((await detail("0001")).reservations.find((reservation) => reservation.id === row!.id)?.status_label).toBe("終了");
  });
});

describe("notices", () => {
  it("needs a maintenance window for a maintenance notice, and keeps the notice with its audit", async () => {
    const bad = await api.call("/admin/banks/0001/notices", {
      as: "bankAdmin",
      ...json("POST", {
        kind: "maintenance",
        title: "",
        publish_from: today,
        starts_at: "2026-12-01T05:00",
        ends_at: "2026-12-01T01:00",
      }),
    });
    expect(bad.status).toBe(422);
    const { fields } = await bad.json();
    expect(fields.title).toEqual(["件名を入力してください"]);
    expect(fields.ends_at).toEqual(["終了日時は開始日時より後にしてください"]);
    const created = await api.call("/admin/banks/0001/notices", {
      as: "bankAdmin",
      ...json("POST", {
        kind: "maintenance",
        title: "メンテナンスのお知らせ",
        body: "",
        publish_from: today,
        publish_until: nextMonth,
        starts_at: `${nextMonth}T01:00`,
        ends_at: `${nextMonth}T05:00`,
      }),
    });
    expect(created.status).toBe(201);
    const notice = bankNoticeAnswer.parse(await created.json());
    expect(new Date(notice.starts_at!).toISOString()).toBe(new Date(`${nextMonth}T01:00:00+09:00`).toISOString());
    const [row] = await api.database.db.select().from(bankNotices).where(eq(bankNotices.id, notice.id));
    expect(row).toMatchObject({
      kind: "maintenance",
      createdBy: "U-BANK-ADMIN",
    });
    const shown = await detail("0001");
    expect(shown.audit.some((entry) => entry.action === "bank_notice.create")).toBe(true);
  });
});

describe("the pages", () => {
  const context = () => testContext({ paymentApi: api.inProcess });

  /** The bank settings form as the page posts it: a checkbox left out is off. */
  async function settingsForm(version: number, fields: Record<string, string>) {
    const form = new URLSearchParams({
      intent: "settings",
      version: String(version),
      ...fields,
    });
    const request = await signedInRequest(api, "bankAdmin", "/admin/bank-setting/detail/0001", { method: "POST", body: form });
    return bankDetailAction({
      request,
      context: context(),
      params: { bankCode: "0001" },
    });
  }

  it("hide the receive menu and answer 403 unpublished on receive pages as soon as the bank admin turns receiving off", async () => {
    const page = () => signedInRequest(api, "owner", "/receive/invoices");
    const layout = async () =>
      (
        await defaultLayoutLoader({
          request: await page(),
          context: context(),
          params: {},
        })
      ).user.receiveEnabled;
    expect(await layout()).toBe(true);
    expect((await requireReceiveAccess(await page())).receiveEnabled).toBe(true);

    const bank = await detail("0001");
    const saved = (await settingsForm(bank.version, {
      ba_name: bank.ba_name,
      check_payment_method_filled: "on",
    })) as Response;
    expect(saved.status).toBe(302);
    // The session still says receiving is on (it was read at sign-in); the pages follow the bank's setting now.
    expect(await layout()).toBe(false);
    const refused = await requireReceiveAccess(await page()).catch((thrown: unknown) => thrown);
    expect(refused).toMatchObject({
      init: { status: 403 },
      data: { variant: "unpublished" },
    });

    const again = await detail("0001");
    await settingsForm(again.version, {
      ba_name: again.ba_name,
      enable_payment_receive: "on",
      check_payment_method_filled: "on",
    });
    expect(await layout()).toBe(true);
  });

  it("keep what was typed and say why when the settings were changed meanwhile", async () => {
    const bank = await detail("0001");
    await settingsForm(bank.version, {
      ba_name: "先に保存した名前",
      enable_payment_receive: "on",
    });
    const answer = shownAgain(
      await settingsForm(bank.version, {
        ba_name: "あとから入力した名前",
        enable_payment_receive: "on",
      }),
    );
    expect(answer.status).toBe(409);
    expect(answer.data.intent).toBe("settings");
    expect(answer.data.result.error?.[""]?.[0]).toMatch(/^ほかの操作でこの銀行設定が更新されています。/);
    expect(answer.data.result.initialValue).toMatchObject({
      ba_name: "あとから入力した名前",
      version: String(bank.version),
    });
    expect((await detail("0001")).ba_name).toBe("先に保存した名前");
  });
});
