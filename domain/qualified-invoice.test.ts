import { describe, expect, it } from "vitest";
import { qualifiedInvoiceGaps } from "./qualified-invoice";

const complete = { issuerName: "株式会社デモ商事", registeredNo: "T9010401234567", customerName: "株式会社青空商事", issueDate: "2026-11-22", lineCount: 2 };

describe("qualifiedInvoiceGaps", () => {
  it("finds nothing missing on a complete invoice or receipt, and does not apply to estimates", () => {
    expect(qualifiedInvoiceGaps("invoice", complete)).toEqual([]);
    expect(qualifiedInvoiceGaps("receipt", { ...complete, customerName: "" })).toEqual([]);
    expect(qualifiedInvoiceGaps("estimate", { ...complete, registeredNo: null })).toEqual([]);
  });

  it("names each missing requirement", () => {
    expect(qualifiedInvoiceGaps("invoice", { issuerName: null, registeredNo: null, customerName: " ", issueDate: null, lineCount: 0 })).toEqual([
      "発行者の名称（自社情報の会社名）",
      "発行者の登録番号（自社情報で登録してください）",
      "取引年月日（発行日）",
      "取引内容（明細）",
      "書類の交付を受ける事業者の名称（取引先名）",
    ]);
    expect(qualifiedInvoiceGaps("receipt", { ...complete, registeredNo: "T1234567890123" })).toEqual(["正しい登録番号（自社情報の登録番号を確認してください）"]);
  });
});
