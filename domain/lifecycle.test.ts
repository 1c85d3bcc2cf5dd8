import { describe, expect, it } from "vitest";
import type { DocumentKind } from "./document-kinds";
import { can, editModeOf, factsOfRecord, nextStatuses, refusalOf, settableStatuses, stageOf, statusOnIssue, type LifecycleAction, type LifecycleFacts } from "./lifecycle";

const facts = (overrides: Partial<LifecycleFacts> = {}): LifecycleFacts => ({
  kind: "invoice",
  status: 1,
  issued: false,
  voided: false,
  sent: false,
  converted: false,
  creditNote: false,
  paid: false,
  ...overrides,
});

const draft = facts();
const issued = facts({ issued: true, status: 2 });
const voided = facts({ issued: true, voided: true, status: 2 });

describe("the document lifecycle", () => {
  it.each<[string, LifecycleFacts, LifecycleAction, boolean]>([
    ["a draft is edited in place", draft, "edit", true],
    ["a draft is not corrected", draft, "correct", false],
    ["an issued document is corrected, not edited", issued, "edit", false],
    ["an issued document is corrected", issued, "correct", true],
    ["a voided document is neither", voided, "correct", false],
    ["a draft is issued", draft, "issue", true],
    ["an issued document is not issued again", issued, "issue", false],
    ["a voided document is not issued", voided, "issue", false],
    ["a draft is sent (and issued by it)", draft, "send", true],
    ["an issued document is sent", issued, "send", true],
    ["a voided document is not sent", voided, "send", false],
    ["a draft never issued, sent or converted is deleted", draft, "delete", true],
    ["a sent draft is not deleted", facts({ sent: true }), "delete", false],
    ["a converted draft is not deleted", facts({ converted: true }), "delete", false],
    ["an issued document is not deleted", issued, "delete", false],
    ["a voided document is not deleted", voided, "delete", false],
    ["a draft is deleted, not voided", draft, "void", false],
    ["an issued document is voided", issued, "void", true],
    ["a voided document is not voided again", voided, "void", false],
    ["a draft estimate is made into an invoice", facts({ kind: "estimate" }), { into: "invoice" }, true],
    ["an issued invoice is made into a receipt", issued, { into: "receipt" }, true],
    ["a draft invoice is not made into a receipt (nothing was billed yet)", draft, { into: "receipt" }, false],
    ["a credit note is not made into a receipt", facts({ issued: true, status: 2, creditNote: true }), { into: "receipt" }, false],
    ["a voided document is not converted", voided, { into: "receipt" }, false],
    ["an invoice is not made into an estimate", issued, { into: "estimate" }, false],
    ["an issued invoice takes a payment", issued, "recordPayment", true],
    ["a draft invoice takes no payment", draft, "recordPayment", false],
    ["a voided invoice takes no payment", voided, "recordPayment", false],
    ["a credit note takes no payment", facts({ issued: true, status: 2, creditNote: true }), "recordPayment", false],
    ["an estimate takes no payment", facts({ kind: "estimate", issued: true }), "recordPayment", false],
    ["a voided document is duplicated", voided, "duplicate", true],
    ["an issued invoice gets a credit note", issued, "creditNote", true],
    ["a draft invoice gets no credit note", draft, "creditNote", false],
    ["a voided invoice gets no credit note", voided, "creditNote", false],
    ["a credit note gets no credit note", facts({ issued: true, status: 2, creditNote: true }), "creditNote", false],
    ["an estimate gets no credit note", facts({ kind: "estimate", issued: true }), "creditNote", false],
    ["an issued invoice is a digital invoice", issued, "exportDigitalInvoice", true],
    ["a corrected or credit-note invoice is one too", facts({ issued: true, status: 2, creditNote: true }), "exportDigitalInvoice", true],
    ["a draft invoice is no digital invoice", draft, "exportDigitalInvoice", false],
    ["a voided invoice is no digital invoice", voided, "exportDigitalInvoice", false],
    ["an issued delivery slip is no digital invoice", facts({ kind: "delivery_slip", issued: true }), "exportDigitalInvoice", false],
  ])("%s", (_name, document, action, allowed) => {
    expect(can(document, action)).toBe(allowed);
    expect(refusalOf(document, action) === null).toBe(allowed);
  });

  it("keeps a draft at its first status: a draft is never 請求済 or 入金済", () => {
    for (const status of [2, 3, 4, 5]) expect(refusalOf(draft, { status })).toMatch(/^下書きの書類は「.+」にできません。先に発行してください。$/);
    expect(nextStatuses(draft)).toEqual([]);
    expect(can(draft, { status: 1 })).toBe(true);
  });

  it.each<[DocumentKind, number, number[]]>([
    ["invoice", 2, [3, 5]],
    ["invoice", 3, [2, 5]],
    ["invoice", 4, []],
    ["invoice", 5, [2, 3]],
    ["estimate", 1, [2, 3, 4]],
    ["delivery_slip", 1, [2, 3]],
    ["receipt", 1, []],
  ])("lets an issued %s in status %i move to %j, never back to unbilled", (kind, status, next) => {
    const document = facts({ kind, status, issued: true });
    expect(nextStatuses(document)).toEqual(next);
    for (const to of next) expect(can(document, { status: to })).toBe(true);
  });

  it("refuses any status change of a voided document and an unknown status with words", () => {
    expect(refusalOf(voided, { status: 4 })).toBe("無効にした書類のステータスは変更できません。");
    expect(refusalOf(issued, { status: 9 })).toBe("ステータスが正しくありません。");
    expect(refusalOf(facts({ status: 5, issued: true }), { status: 1 })).toBe("「確認中」から「未請求」には変更できません。");
  });

  it("leaves 入金済 to the payments: an invoice is neither set to it nor taken out of it by hand", () => {
    const followsPayments = "「入金済」は入金の記録に従って変わります。入金を記録するか、記録した入金を取り消してください。";
    for (const status of [2, 3, 5]) expect(refusalOf(facts({ status, issued: true }), { status: 4 })).toBe(followsPayments);
    for (const status of [2, 3, 5]) expect(refusalOf(facts({ status: 4, issued: true }), { status })).toBe(followsPayments);
    expect(can(facts({ status: 4, issued: true }), { status: 4 })).toBe(true);
    expect(can(facts({ kind: "estimate", status: 1, issued: true }), { status: 4 })).toBe(true);
  });

  it("offers every status but 入金済 to set by hand", () => {
    expect(settableStatuses("invoice").map((status) => status.label)).toEqual(["未請求", "請求済", "未入金", "確認中"]);
    expect(settableStatuses("estimate").map((status) => status.id)).toEqual([1, 2, 3, 4]);
  });

  it("does not void an invoice with payments recorded: the payments are cancelled first", () => {
    expect(refusalOf(facts({ status: 4, issued: true, paid: true }), "void")).toBe("入金が記録されている請求書は無効にできません。先に入金の記録を取り消してください。");
    expect(can(facts({ status: 3, issued: true, paid: false }), "void")).toBe(true);
  });

  it("issues invoices as 請求済 and receipts as 発行済; other kinds keep their status", () => {
    expect(statusOnIssue("invoice", 1)).toBe(2);
    expect(statusOnIssue("receipt", 2)).toBe(1);
    expect(statusOnIssue("estimate", 2)).toBe(2);
    expect(statusOnIssue("delivery_slip", 1)).toBe(1);
  });

  it("names the stage and how an edit is saved", () => {
    expect([stageOf(draft), stageOf(issued), stageOf(voided)]).toEqual(["draft", "issued", "voided"]);
    expect([editModeOf(draft), editModeOf(issued), editModeOf(voided)]).toEqual(["edit", "correct", null]);
  });

  it("reads the facts of a record's own fields, and counts what other records tell as not happened unless given", () => {
    const at = new Date("2026-11-01T00:00:00Z");
    expect(factsOfRecord({ kind: "invoice", status: 2, issuedAt: at, voidedAt: null, creditNoteOf: null })).toEqual(issued);
    expect(factsOfRecord({ kind: "invoice", status: 2, issuedAt: "2026-11-01T00:00:00Z", voidedAt: "2026-11-02T00:00:00Z", creditNoteOf: 7 }, { sent: true, paid: true })).toEqual(
      facts({ status: 2, issued: true, voided: true, creditNote: true, sent: true, paid: true }),
    );
  });
});
