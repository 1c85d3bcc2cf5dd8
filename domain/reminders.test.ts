import { describe, expect, it } from "vitest";
import { daysOverdue, defaultLevel, reminderDraft, reminderRefusal, type ReminderFacts } from "./reminders";

const overdue: ReminderFacts = { issued: true, voided: false, creditNote: false, creditNoted: false, status: 2, dueDate: "2026-11-20", balance: "1100" };

describe("daysOverdue", () => {
  it.each([
    ["2026-11-26", "2026-11-26", 0],
    ["2026-11-25", "2026-11-26", 1],
    ["2026-02-28", "2026-03-01", 1],
    ["2028-02-28", "2028-03-01", 2],
    ["2025-12-31", "2026-01-01", 1],
    ["2026-11-27", "2026-11-26", -1],
  ])("%s to %s is %i", (due, today, expected) => {
    expect(daysOverdue(due, today)).toBe(expected);
  });
});

describe("reminderRefusal", () => {
  it.each<[string, Partial<ReminderFacts>, string | null]>([
    ["overdue and unpaid", {}, null],
    ["a draft", { issued: false }, "下書きの請求書には督促メールを送れません。"],
    ["voided", { voided: true }, "無効にした請求書には督促メールを送れません。"],
    ["a credit note", { creditNote: true }, "赤伝（取消の請求書）には督促メールを送れません。"],
    ["cancelled by a credit note", { creditNoted: true, balance: "0" }, "赤伝で取り消した請求書には督促メールを送れません。"],
    ["partly credited, the rest unpaid", { creditNoted: true, balance: "500" }, null],
    ["入金済", { status: 4 }, "入金済みの請求書には督促メールを送れません。"],
    ["paid in full", { balance: "0" }, "入金済みの請求書には督促メールを送れません。"],
    ["over-paid", { balance: "-100" }, "入金済みの請求書には督促メールを送れません。"],
    ["without a due date", { dueDate: null }, "支払期限のない請求書には督促メールを送れません。"],
    ["due today", { dueDate: "2026-11-26" }, "支払期限を過ぎていない請求書には督促メールを送れません。"],
  ])("%s", (_name, change, expected) => {
    expect(reminderRefusal({ ...overdue, ...change }, "2026-11-26")).toBe(expected);
  });
});

describe("templates", () => {
  const values = {
    addressee: "株式会社青空商事 御中",
    number: "INV-0007",
    amountDue: "110000",
    balance: "60000.5",
    dueDate: "2026-10-31",
    days: 26,
    companyName: "株式会社デモ商会",
  };

  it("starts with the polite first notice and moves to the firmer second once one was sent", () => {
    expect([defaultLevel(0), defaultLevel(1), defaultLevel(5)]).toEqual([1, 2, 2]);
    const first = reminderDraft(1, values);
    expect(first.subject).toBe("お支払いのご確認のお願い（請求書番号：INV-0007）");
    expect(first.body.startsWith("株式会社青空商事 御中\n\nいつもお世話になっております。株式会社デモ商会でございます。")).toBe(true);
    expect(first.body).toContain("ご請求金額：110,000円");
    expect(first.body).toContain("未入金額：60,000.5円");
    expect(first.body).toContain("お支払期限：2026年10月31日");
    const second = reminderDraft(2, values);
    expect(second.subject).toBe("【再度のお願い】お支払いのご確認（請求書番号：INV-0007）");
    expect(second.body).toContain("お支払期限から26日を経過した現在も");
  });

  it("leaves the company's name out when it was not entered, rather than a greeting without a name", () => {
    const { body } = reminderDraft(1, { ...values, companyName: "" });
    expect(body).toContain("いつもお世話になっております。\n\n下記の請求書につきまして");
    expect(body.endsWith("お気軽にお問い合わせください。")).toBe(true);
  });
});
