import { describe, expect, it } from "vitest";
import { type RoundingMode } from "./exact";
import { computeTotals, totalsRulesOf, type TotalsLine, type TotalsRules } from "./totals";

function rules(overrides: Partial<TotalsRules> = {}): TotalsRules {
  return {
    taxType: "external",
    itemRounding: "floor",
    itemRoundingScale: 0,
    subtotalRounding: "floor",
    taxRounding: "truncate",
    withholding: "disabled",
    ...overrides,
  };
}

function line(quantity: string, unitPrice: string, taxRate: number): TotalsLine {
  return { quantity, unitPrice, taxRate };
}

describe("computeTotals: line amounts", () => {
  it.each<[string, string, number, RoundingMode, string]>([
    ["1.5", "333.33", 0, "floor", "499"],
    ["1.5", "333.33", 2, "floor", "499.99"],
    ["1.5", "333.33", 2, "round", "500"],
    // 4-decimal × 4-decimal = 8381.03568435, rounded once.
    ["1.2345", "6789.0123", 2, "round", "8381.04"],
    ["1.2345", "6789.0123", 4, "truncate", "8381.0356"],
    ["1.2345", "6789.0123", 4, "ceiling", "8381.0357"],
    // A discount line: −499.5.
    ["1.5", "-333", 0, "floor", "-500"],
    ["1.5", "-333", 0, "truncate", "-499"],
    ["1.5", "-333", 0, "ceiling", "-499"],
    ["1.5", "-333", 0, "round", "-500"],
  ])("%s × %s kept to %i decimals with %s is %s", (quantity, unitPrice, scale, mode, expected) => {
    const totals = computeTotals([line(quantity, unitPrice, 10)], rules({ itemRoundingScale: scale, itemRounding: mode }));
    expect(totals.lineAmounts).toEqual([expected]);
  });

  // 333.33 × 1.5 = 499.995 and 0.03 × 0.5 = 0.015; the per-rate amount rounds their sum to the yen.
  it.each<[number, RoundingMode, RoundingMode, string[], string, string, string]>([
    [0, "floor", "floor", ["499", "0"], "499", "49", "548"],
    [2, "floor", "floor", ["499.99", "0.01"], "500", "50", "550"],
    [2, "round", "floor", ["500", "0.02"], "500", "50", "550"],
    [2, "round", "ceiling", ["500", "0.02"], "501", "50", "551"],
  ])(
    "scale %i, item %s, subtotal %s: lines %j, amount %s, tax %s, total %s",
    (itemRoundingScale, itemRounding, subtotalRounding, lineAmounts, amount, tax, taxIncluded) => {
      const totals = computeTotals(
        [line("1.5", "333.33", 10), line("0.5", "0.03", 10)],
        rules({ itemRoundingScale, itemRounding, subtotalRounding }),
      );
      expect(totals.lineAmounts).toEqual(lineAmounts);
      expect(totals.byRate).toEqual([{ rate: 10, amount, taxExcluded: amount, tax, taxIncluded }]);
    },
  );
});

describe("computeTotals: consumption tax", () => {
  it("adds external tax per rate on mixed 10 %, 8 % and 0 % lines, highest rate first", () => {
    const totals = computeTotals(
      [line("1", "5000", 0), line("2", "540", 8), line("3", "1200", 10), line("1.5", "333", 10)],
      rules(),
    );
    expect(totals).toEqual({
      lineAmounts: ["5000", "1080", "3600", "499"],
      byRate: [
        // 4099 × 10 % = 409.9 → 409
        { rate: 10, amount: "4099", taxExcluded: "4099", tax: "409", taxIncluded: "4508" },
        // 1080 × 8 % = 86.4 → 86
        { rate: 8, amount: "1080", taxExcluded: "1080", tax: "86", taxIncluded: "1166" },
        { rate: 0, amount: "5000", taxExcluded: "5000", tax: "0", taxIncluded: "5000" },
      ],
      taxExcluded: "10179",
      tax: "495",
      taxIncluded: "10674",
      withholdingBase: "10179",
      withholding: "0",
      amountDue: "10674",
    });
  });

  it("rounds the tax once per rate per document, not per line (適格請求書)", () => {
    // Per line: 105 × 8 % = 8.4 → 8, three times = 24. Per rate: 315 × 8 % = 25.2 → 25.
    const totals = computeTotals([line("1", "105", 8), line("1", "105", 8), line("1", "105", 8)], rules());
    expect(totals.byRate).toEqual([{ rate: 8, amount: "315", taxExcluded: "315", tax: "25", taxIncluded: "340" }]);
    expect(totals.tax).toBe("25");
  });

  // Internal: 2500 includes 10 % (2500 × 10 / 110 = 227.27…), 1000 includes 8 % (1000 × 8 / 108 = 74.07…).
  it.each<[RoundingMode, string, string, string, string, string, string]>([
    ["truncate", "227", "2273", "74", "926", "301", "3499"],
    ["round", "227", "2273", "74", "926", "301", "3499"],
    ["ceiling", "228", "2272", "75", "925", "303", "3497"],
  ])("backs internal tax out of 10 % and 8 % with %s", (taxRounding, tax10, excluded10, tax8, excluded8, tax, taxExcluded) => {
    const totals = computeTotals(
      [line("2", "1250", 10), line("4", "250", 8), line("1", "300", 0)],
      rules({ taxType: "internal", taxRounding }),
    );
    expect(totals.byRate).toEqual([
      { rate: 10, amount: "2500", taxExcluded: excluded10, tax: tax10, taxIncluded: "2500" },
      { rate: 8, amount: "1000", taxExcluded: excluded8, tax: tax8, taxIncluded: "1000" },
      { rate: 0, amount: "300", taxExcluded: "300", tax: "0", taxIncluded: "300" },
    ]);
    expect(totals.tax).toBe(tax);
    expect(totals.taxIncluded).toBe("3800");
    expect(totals.taxExcluded).toBe(taxExcluded);
    expect(totals.amountDue).toBe("3800");
  });

  // 1000 − 1235.5 = −235.5: subtotal floor → −236, truncate → −235; then 10 % of it, rounded on a negative amount.
  it.each<[RoundingMode, RoundingMode, string, string, string]>([
    ["floor", "floor", "-236", "-24", "-260"],
    ["floor", "truncate", "-236", "-23", "-259"],
    ["truncate", "floor", "-235", "-24", "-259"],
    ["truncate", "truncate", "-235", "-23", "-258"],
    ["truncate", "ceiling", "-235", "-23", "-258"],
    ["truncate", "round", "-235", "-24", "-259"],
  ])(
    "a discount making the rate negative: subtotal %s, tax %s → amount %s, tax %s, total %s",
    (subtotalRounding, taxRounding, amount, tax, taxIncluded) => {
      const totals = computeTotals(
        [line("1", "1000", 10), line("1", "-1235.5", 10)],
        rules({ itemRoundingScale: 2, subtotalRounding, taxRounding, withholding: "withSpecialIncome" }),
      );
      expect(totals.byRate).toEqual([{ rate: 10, amount, taxExcluded: amount, tax, taxIncluded }]);
      // Nothing is withheld from a negative base.
      expect(totals.withholding).toBe("0");
      expect(totals.amountDue).toBe(taxIncluded);
    },
  );

  it("totals an empty document as zero", () => {
    expect(computeTotals([], rules({ withholding: "withSpecialIncome" }))).toEqual({
      lineAmounts: [],
      byRate: [],
      taxExcluded: "0",
      tax: "0",
      taxIncluded: "0",
      withholdingBase: "0",
      withholding: "0",
      amountDue: "0",
    });
  });
});

describe("computeTotals: withholding (源泉徴収)", () => {
  // External 10 %, tax truncated: the base is the tax-excluded amount.
  it.each<[TotalsRules["withholding"], string, string, string, string]>([
    // 999,999 × 10.21 % = 102,099.8979
    ["withSpecialIncome", "999999", "102099", "1099998", "997899"],
    ["withSpecialIncome", "1000000", "102100", "1100000", "997900"],
    // 102,100 + 1 × 20.42 %
    ["withSpecialIncome", "1000001", "102100", "1100001", "997901"],
    // 102,100 + 500,000 × 20.42 % = 102,100 + 102,100
    ["withSpecialIncome", "1500000", "204200", "1650000", "1445800"],
    // 102,100 + 234,567 × 20.42 % = 149,998.5814
    ["withSpecialIncome", "1234567", "149998", "1358023", "1208025"],
    ["withSpecialIncome", "10000", "1021", "11000", "9979"],
    ["withSpecialIncome", "1", "0", "1", "1"],
    ["withoutSpecialIncome", "999999", "99999", "1099998", "999999"],
    ["withoutSpecialIncome", "1000000", "100000", "1100000", "1000000"],
    ["withoutSpecialIncome", "1500000", "200000", "1650000", "1450000"],
    // 100,000 + 234,567 × 20 % = 146,913.4
    ["withoutSpecialIncome", "1234567", "146913", "1358023", "1211110"],
    ["disabled", "1500000", "0", "1650000", "1650000"],
  ])("%s on a base of %s withholds %s from %s, due %s", (withholding, base, withheld, taxIncluded, amountDue) => {
    const totals = computeTotals([line("1", base, 10)], rules({ withholding }));
    expect(totals.withholdingBase).toBe(base);
    expect(totals.withholding).toBe(withheld);
    expect(totals.taxIncluded).toBe(taxIncluded);
    expect(totals.amountDue).toBe(amountDue);
  });

  // Internal documents do not state the tax separately, so the base includes it.
  it.each<[TotalsLine[], string, string, string, string]>([
    // 102,100 + 100,000 × 20.42 %; the external document with the same 1,000,000 net would withhold 102,100.
    [[line("1", "1100000", 10)], "1000000", "1100000", "122520", "977480"],
    // 65,800 × 10.21 % = 6,718.18
    [[line("1", "55000", 10), line("2", "5400", 8)], "60000", "65800", "6718", "59082"],
  ])("internal %j: net %s, base %s, withholds %s, due %s", (lines, taxExcluded, base, withheld, amountDue) => {
    const totals = computeTotals(lines, rules({ taxType: "internal", withholding: "withSpecialIncome" }));
    expect(totals.taxExcluded).toBe(taxExcluded);
    expect(totals.taxIncluded).toBe(base);
    expect(totals.withholdingBase).toBe(base);
    expect(totals.withholding).toBe(withheld);
    expect(totals.amountDue).toBe(amountDue);
  });
});

describe("totalsRulesOf", () => {
  it.each<[Parameters<typeof totalsRulesOf>, TotalsRules]>([
    [
      [{}, false],
      {
        taxType: "external",
        itemRounding: "floor",
        itemRoundingScale: 0,
        subtotalRounding: "floor",
        taxRounding: "truncate",
        withholding: "disabled",
      },
    ],
    [
      [{}, true],
      {
        taxType: "external",
        itemRounding: "floor",
        itemRoundingScale: 0,
        subtotalRounding: "floor",
        taxRounding: "truncate",
        withholding: "withSpecialIncome",
      },
    ],
    [
      [
        { taxId: 2, itemRoundingId: 4, itemRoundingScale: 2, subtotalRoundingId: 3, taxRoundingId: 1, taxWithholdingId: 2 },
        true,
      ],
      {
        taxType: "internal",
        itemRounding: "round",
        itemRoundingScale: 2,
        subtotalRounding: "ceiling",
        taxRounding: "floor",
        withholding: "withoutSpecialIncome",
      },
    ],
    // The document's tax type wins over the company's; a company that never withholds stays disabled.
    [
      [{ taxId: 2, taxWithholdingId: 0 }, true, 1],
      {
        taxType: "external",
        itemRounding: "floor",
        itemRoundingScale: 0,
        subtotalRounding: "floor",
        taxRounding: "truncate",
        withholding: "disabled",
      },
    ],
  ])("reads %j", (args, expected) => {
    expect(totalsRulesOf(...args)).toEqual(expected);
  });

  it.each([{ taxRoundingId: 9 }, { taxId: 3 }, { taxWithholdingId: 5 }])("refuses %j", (company) => {
    expect(() => totalsRulesOf(company, true)).toThrow(RangeError);
  });
});
