import { describe, expect, it } from "vitest";
import type { TaxCategoryId } from "./codes";
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

function line(quantity: string, unitPrice: string, taxCategory: TaxCategoryId | 10 | 8): TotalsLine {
  return { quantity, unitPrice, taxCategory: taxCategory === 10 ? "standard" : taxCategory === 8 ? "reduced" : taxCategory };
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
  it("adds external tax per rate on mixed 10 %, 8 % and 非課税 lines, highest rate first", () => {
    const totals = computeTotals(
      [line("1", "5000", "non_taxable"), line("2", "540", 8), line("3", "1200", 10), line("1.5", "333", 10)],
      rules(),
    );
    expect(totals).toEqual({
      lineAmounts: ["5000", "1080", "3600", "499"],
      byRate: [
        // 4099 × 10 % = 409.9 → 409
        { rate: 10, amount: "4099", taxExcluded: "4099", tax: "409", taxIncluded: "4508" },
        // 1080 × 8 % = 86.4 → 86
        { rate: 8, amount: "1080", taxExcluded: "1080", tax: "86", taxIncluded: "1166" },
      ],
      untaxed: [{ category: "non_taxable", amount: "5000" }],
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
      [line("2", "1250", 10), line("4", "250", 8), line("1", "300", "not_subject")],
      rules({ taxType: "internal", taxRounding }),
    );
    expect(totals.byRate).toEqual([
      { rate: 10, amount: "2500", taxExcluded: excluded10, tax: tax10, taxIncluded: "2500" },
      { rate: 8, amount: "1000", taxExcluded: excluded8, tax: tax8, taxIncluded: "1000" },
    ]);
    expect(totals.untaxed).toEqual([{ category: "not_subject", amount: "300" }]);
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
      untaxed: [],
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

  // Internal documents state their tax per rate too, so the base leaves it out as on external ones.
  it.each<[TotalsLine[], string, string, string, string]>([
    // 110,000 includes 10,000 of tax: 100,000 × 10.21 % = 10,210 (not 11,231 on the tax-included amount).
    [[line("1", "110000", 10)], "100000", "110000", "10210", "99790"],
    // The same 1,000,000 net as an external document: 102,100.
    [[line("1", "1100000", 10)], "1000000", "1100000", "102100", "997900"],
    // 50,000 + 10,000 net; 60,000 × 10.21 % = 6,126
    [[line("1", "55000", 10), line("2", "5400", 8)], "60000", "65800", "6126", "59674"],
  ])("internal %j: net %s, total %s, withholds %s, due %s", (lines, taxExcluded, taxIncluded, withheld, amountDue) => {
    const totals = computeTotals(lines, rules({ taxType: "internal", withholding: "withSpecialIncome" }));
    expect(totals.taxExcluded).toBe(taxExcluded);
    expect(totals.taxIncluded).toBe(taxIncluded);
    expect(totals.withholdingBase).toBe(taxExcluded);
    expect(totals.withholding).toBe(withheld);
    expect(totals.amountDue).toBe(amountDue);
  });
});

describe("computeTotals: tax categories", () => {
  it.each<[TaxCategoryId, string, string]>([
    ["standard", "100", "1100"],
    ["reduced", "80", "1080"],
    ["non_taxable", "0", "1000"],
    ["not_subject", "0", "1000"],
    ["export_exempt", "0", "1000"],
    ["reimbursement", "0", "1000"],
  ])("a ¥1,000 %s line: tax %s, total %s", (category, tax, taxIncluded) => {
    const totals = computeTotals([line("1", "1000", category)], rules({ withholding: "withSpecialIncome" }));
    expect(totals.tax).toBe(tax);
    expect(totals.taxIncluded).toBe(taxIncluded);
    expect(totals.byRate.map((rate) => rate.rate)).toEqual(tax === "0" ? [] : [Number(tax) / 10]);
    expect(totals.untaxed).toEqual(tax === "0" ? [{ category, amount: "1000" }] : []);
    // Only 立替金 is no fee: every other category is withheld on (1,000 × 10.21 % = 102).
    expect(totals.withholding).toBe(category === "reimbursement" ? "0" : "102");
  });

  it("totals each category without tax apart, in the code list's order, after the taxed rates", () => {
    const totals = computeTotals(
      [
        line("1", "200", "reimbursement"),
        line("1", "3000", "export_exempt"),
        line("1", "2000", "not_subject"),
        line("1", "1000", "non_taxable"),
        line("1", "500", "reimbursement"),
        line("1", "10000", 10),
      ],
      rules(),
    );
    expect(totals.byRate).toEqual([{ rate: 10, amount: "10000", taxExcluded: "10000", tax: "1000", taxIncluded: "11000" }]);
    expect(totals.untaxed).toEqual([
      { category: "non_taxable", amount: "1000" },
      { category: "not_subject", amount: "2000" },
      { category: "export_exempt", amount: "3000" },
      { category: "reimbursement", amount: "700" },
    ]);
    expect(totals.taxExcluded).toBe("16700");
    expect(totals.tax).toBe("1000");
    expect(totals.taxIncluded).toBe("17700");
  });

  // An invoice for ¥100,000 of work (10 %), ¥5,400 of food (8 %) and ¥200 of revenue stamps paid for the customer (立替金).
  it.each<[TotalsRules["taxType"], string, string, string, string, string]>([
    // External: tax 10,000 + 400; base 100,000 + 5,000 = 105,000 → 10,720.5 → 10,720.
    ["external", "5000", "105200", "10400", "115600", "10720"],
    // Internal: 110,000 and 5,400 include the same tax; the same base, withholding and total.
    ["internal", "5400", "105200", "10400", "115600", "10720"],
  ])("%s with withholding keeps 立替金 out of the base and the tax", (taxType, food, taxExcluded, tax, taxIncluded, withheld) => {
    const work = taxType === "internal" ? "110000" : "100000";
    const totals = computeTotals(
      [line("1", work, 10), line("1", food, 8), line("1", "200", "reimbursement")],
      rules({ taxType, withholding: "withSpecialIncome" }),
    );
    expect(totals.taxExcluded).toBe(taxExcluded);
    expect(totals.tax).toBe(tax);
    expect(totals.taxIncluded).toBe(taxIncluded);
    expect(totals.withholdingBase).toBe("105000");
    expect(totals.withholding).toBe(withheld);
    expect(totals.amountDue).toBe(String(Number(taxIncluded) - Number(withheld)));
  });

  // 立替金 1,000.5 and a refund of −0.25 on it (1,000.25); each category is rounded once with the subtotal mode.
  it.each<[RoundingMode, string, string]>([
    ["floor", "1000", "10980"],
    ["truncate", "1000", "10980"],
    ["ceiling", "1001", "10981"],
    ["round", "1000", "10980"],
  ])("negative lines within a category, subtotal %s: 立替金 %s, total %s", (subtotalRounding, reimbursed, taxIncluded) => {
    const totals = computeTotals(
      [line("1", "10000", "non_taxable"), line("1", "1000.5", "reimbursement"), line("1", "-0.25", "reimbursement"), line("1", "-20", "non_taxable")],
      rules({ itemRoundingScale: 2, subtotalRounding, withholding: "withoutSpecialIncome" }),
    );
    expect(totals.untaxed).toEqual([
      { category: "non_taxable", amount: "9980" },
      { category: "reimbursement", amount: reimbursed },
    ]);
    expect(totals.taxIncluded).toBe(taxIncluded);
    // The base is the 非課税 9,980 whatever the 立替金 rounded to.
    expect(totals.withholdingBase).toBe("9980");
    expect(totals.withholding).toBe("998");
  });

  it("withholds nothing when 立替金 is all there is, or a discount outweighs the fee", () => {
    expect(computeTotals([line("1", "5000", "reimbursement")], rules({ withholding: "withSpecialIncome" })).withholding).toBe("0");
    const discounted = computeTotals([line("1", "1000", 10), line("1", "-3000", 10), line("1", "5000", "reimbursement")], rules({ withholding: "withSpecialIncome" }));
    expect(discounted.withholdingBase).toBe("-2000");
    expect(discounted.withholding).toBe("0");
    expect(discounted.amountDue).toBe("2800");
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
