import { describe, expect, it } from "vitest";
import { referenceLines } from "./snapshot";

describe("what a correction or credit note says of the document it replaces", () => {
  it("names the original's date as Japanese prose writes dates (issue 33: it said 2026-11-27)", () => {
    const correction = referenceLines({
      title: "請求書",
      reference: { type: "correction", issueDate: "2026-11-27", number: "INV-0007", revision: 2, changes: ["支払期限"], reason: "日付の誤り" },
    });
    expect(correction).toEqual(["本書は、2026年11月27日 発行の請求書 No.INV-0007 の記載事項を修正したもの（第2版）です。", "修正内容：支払期限", "修正理由：日付の誤り"]);
    const creditNote = referenceLines({ title: "請求書（赤伝）", reference: { type: "creditNote", issueDate: "2027-01-05", number: "INV-0008", revision: 1, changes: [], reason: null } });
    expect(creditNote).toEqual(["本書は、2027年1月5日 発行の請求書 No.INV-0008 を取り消す赤伝です。"]);
  });
});
