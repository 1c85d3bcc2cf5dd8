import { describe, expect, it } from "vitest";
import { DOCUMENT_KIND_IDS, hasField, kindDateField } from "./document-kinds";

describe("the fields only some kinds have", () => {
  it("gives each kind its own date beside the issue date, and a receipt none", () => {
    expect(Object.fromEntries(DOCUMENT_KIND_IDS.map((kind) => [kind, kindDateField(kind)]))).toEqual({
      estimate: "valid_until",
      delivery_slip: "delivery_date",
      invoice: "due_date",
      receipt: null,
    });
  });

  it("keeps the transfer account to invoices, 源泉徴収 off receipts, and a receipt's 但し書き, amount and means to receipts", () => {
    expect(DOCUMENT_KIND_IDS.filter((kind) => hasField(kind, "bank_account_id"))).toEqual(["invoice"]);
    expect(DOCUMENT_KIND_IDS.filter((kind) => hasField(kind, "withholding"))).toEqual(["estimate", "delivery_slip", "invoice"]);
    for (const field of ["received_amount", "proviso", "payment_method"] as const) {
      expect(DOCUMENT_KIND_IDS.filter((kind) => hasField(kind, field))).toEqual(["receipt"]);
    }
  });
});
