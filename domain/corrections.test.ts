import { describe, expect, it } from "vitest";
import { describeChanges } from "./corrections";
import type { TaxCategoryId } from "./codes";
import { computeTotals, totalsRulesOf } from "./totals";

const rules = totalsRulesOf({}, false, 1);
const content = (lines: Array<{ description: string; quantity: string; unitPrice: string; taxRate: number; taxCategory: TaxCategoryId }>, fields: Partial<{ subject: string | null; issueDate: string; dueDate: string }> = {}) => ({
  issueDate: fields.issueDate ?? "2026-11-01",
  dates: fields.dueDate ? [{ label: "お支払期限", value: fields.dueDate }] : [],
  subject: fields.subject ?? null,
  recipient: { name: "株式会社青空商事", honorific: "御中", department: null, personInCharge: null, postalCode: null, address: [] },
  lines: lines.map((line) => ({ ...line, unit: null, amount: String(Number(line.quantity) * Number(line.unitPrice)) })),
  totals: computeTotals(lines, rules),
  notes: null,
  proviso: null,
  bankAccounts: [],
});

describe("what a correction states it changed", () => {
  it("says nothing when nothing printed changed", () => {
    const same = content([{ description: "設計作業", quantity: "10", unitPrice: "8500", taxRate: 10, taxCategory: "standard" }]);
    expect(describeChanges(same, same)).toEqual([]);
  });

  it("names changed fields, removed and added lines and the new total", () => {
    const before = content([{ description: "設計作業", quantity: "10", unitPrice: "8500", taxRate: 10, taxCategory: "standard" }], { subject: "11月分", dueDate: "2026-12-31" });
    const after = content(
      [
        { description: "設計作業", quantity: "12", unitPrice: "8500", taxRate: 10, taxCategory: "standard" },
        { description: "お弁当", quantity: "3", unitPrice: "1080", taxRate: 8, taxCategory: "reduced" },
      ],
      { subject: "11月分（修正）", dueDate: "2027-01-08" },
    );
    expect(describeChanges(before, after)).toEqual([
      "お支払期限「2026-12-31」→「2027-01-08」",
      "件名「11月分」→「11月分（修正）」",
      "明細の削除・変更前：設計作業（10 × 8,500円、10%）",
      "明細の追加・変更後：設計作業（12 × 8,500円、10%）、お弁当（3 × 1,080円、8%）",
      "合計（税込）93,500円 → 115,699円",
    ]);
  });
});
