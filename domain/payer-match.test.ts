import { describe, expect, it } from "vitest";
import { normalizePayerName, proposalSteps, proposeMatches, type Deposit, type OpenInvoice } from "./payer-match";

describe("normalizePayerName", () => {
  it.each([
    ["ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ", "ヤマタシヨウシ"],
    ["株式会社 ヤマダショウジ", "ヤマタシヨウシ"],
    ["やまだしょうじ", "ヤマタシヨウシ"],
    ["ﾔﾏﾀﾞｼﾖｳｼﾞ(ｶ", "ヤマタシヨウシ"],
    ["ﾔﾏﾀﾞ(ｶ)ｼﾖｳｼﾞ", "ヤマタシヨウシ"],
    ["ｶﾌﾞｼｷｶﾞｲｼﾔ ﾔﾏﾀﾞｼﾖｳｼﾞ", "ヤマタシヨウシ"],
    ["ﾕ)ｻﾄｳ ｹﾝｾﾂ", "サトウケンセツ"],
    ["ﾄﾞ)ｺ-ﾋ-ﾄﾞｳ", "コヒトウ"],
    ["合同会社コーヒー堂", "コヒ堂"],
    ["ｲﾂﾊﾟﾝｼﾔﾀﾞﾝﾎｳｼﾞﾝ ﾐﾗｲ", "ミライ"],
    ["ＡＢＣ　ｼﾖｳｶｲ", "ABCシヨウカイ"],
    ["", ""],
  ])("%s → %s", (name, expected) => {
    expect(normalizePayerName(name)).toBe(expected);
  });

  it("keeps a name that only contains the letters of an abbreviation", () => {
    // カ) is an abbreviation only at the start; カワイ is a name.
    expect(normalizePayerName("ｶﾜｲ ｶ)")).toBe("カワイカ");
  });
});

const invoice = (id: string, balance: number, names: string[], customerId: string | null = id, dueOn = "2026-11-30"): OpenInvoice => ({
  id,
  customerId,
  balance,
  names,
  dueOn,
});

describe("proposeMatches", () => {
  const invoices = [
    invoice("yamada", 110_000, ["株式会社山田商事", "ヤマダショウジ"], "c-yamada"),
    invoice("sato", 55_000, ["佐藤建設株式会社", "サトウケンセツ"], "c-sato"),
    invoice("other-110000", 110_000, ["鈴木工業", "スズキコウギョウ"], "c-suzuki", "2026-10-31"),
    invoice("long-name", 33_000, ["ダイトウキョウインターナショナルトレーディング"], "c-long"),
  ];

  it("ranks exact, then fee difference, then amount only; an unknown payer gets amount-only proposals or none", () => {
    const deposits: Deposit[] = [
      { id: "exact", amount: 110_000, payerName: "ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ" },
      { id: "fee", amount: 54_560, payerName: "ｻﾄｳｹﾝｾﾂ(ｶ" },
      { id: "unknown-same-amount", amount: 110_000, payerName: "ﾀﾅｶ ﾀﾛｳ" },
      { id: "unknown", amount: 3_300, payerName: "ﾀﾅｶ ﾀﾛｳ" },
      { id: "fee-without-name", amount: 54_560, payerName: "ﾀﾅｶ ﾀﾛｳ" },
    ];
    const proposals = proposeMatches(deposits, invoices);
    expect(proposals.get("exact")).toEqual([
      { invoiceId: "yamada", kind: "exact", fee: 0, name: "same", learned: false },
      { invoiceId: "other-110000", kind: "amount", fee: 0, name: null, learned: false },
    ]);
    expect(proposals.get("fee")).toEqual([{ invoiceId: "sato", kind: "fee", fee: 440, name: "same", learned: false }]);
    // Amount only: the older due date first.
    expect(proposals.get("unknown-same-amount")!.map((proposal) => [proposal.invoiceId, proposal.kind])).toEqual([
      ["other-110000", "amount"],
      ["yamada", "amount"],
    ]);
    expect(proposals.get("unknown")).toEqual([]);
    // A shortfall is only read as a fee when the name agrees.
    expect(proposals.get("fee-without-name")).toEqual([]);
  });

  it("agrees with a name the bank truncated, and with one the payer added a number to", () => {
    const proposals = proposeMatches(
      [
        { id: "truncated", amount: 33_000, payerName: "ﾀﾞｲﾄｳｷﾖｳｲﾝﾀ-ﾅｼﾖﾅﾙ" },
        { id: "suffixed", amount: 110_000, payerName: "ﾔﾏﾀﾞｼﾖｳｼﾞ 1234" },
      ],
      invoices,
    );
    expect(proposals.get("truncated")).toEqual([{ invoiceId: "long-name", kind: "exact", fee: 0, name: "prefix", learned: false }]);
    expect(proposals.get("suffixed")![0]).toEqual({ invoiceId: "yamada", kind: "exact", fee: 0, name: "prefix", learned: false });
  });

  it("uses the names a customer paid under before, and a configured fee list", () => {
    const deposit: Deposit = { id: "d", amount: 109_000, payerName: "ﾔﾏﾀﾞ ﾀﾛｳ" };
    expect(proposeMatches([deposit], invoices, { fees: [1_000] }).get("d")).toEqual([]);
    const learned = proposeMatches([deposit], invoices, { fees: [1_000], knownPayers: [{ customerId: "c-yamada", name: "ﾔﾏﾀﾞ ﾀﾛｳ" }] });
    expect(learned.get("d")).toEqual([{ invoiceId: "yamada", kind: "fee", fee: 1_000, name: "same", learned: true }]);
    // With the default list a 1,000-yen shortfall is no fee.
    expect(proposeMatches([deposit], invoices, { knownPayers: [{ customerId: "c-yamada", name: "ﾔﾏﾀﾞ ﾀﾛｳ" }] }).get("d")).toEqual([]);
  });

  it("matches an invoice to a name typed on the document (no customer record) by that name", () => {
    const proposals = proposeMatches([{ id: "d", amount: 5_500, payerName: "ｽｽﾞｷ ﾊﾅｺ" }], [invoice("walk-in", 5_500, ["スズキ ハナコ"], null)]);
    expect(proposals.get("d")).toEqual([{ invoiceId: "walk-in", kind: "exact", fee: 0, name: "same", learned: false }]);
  });

  it("proposes まとめ払い: one transfer paying the customer's oldest open invoices, exactly or less a fee, after single matches", () => {
    const backlog = [
      invoice("sep", 11_000, ["株式会社青木", "アオキ"], "c-aoki", "2026-09-30"),
      invoice("oct", 22_000, ["株式会社青木", "アオキ"], "c-aoki", "2026-10-31"),
      invoice("nov", 33_000, ["株式会社青木", "アオキ"], "c-aoki", "2026-11-30"),
      invoice("other", 33_000, ["株式会社赤井", "アカイ"], "c-akai", "2026-11-30"),
    ];
    const proposals = proposeMatches(
      [
        { id: "two", amount: 33_000, payerName: "ｶ)ｱｵｷ" },
        { id: "three-less-fee", amount: 65_560, payerName: "ｱｵｷ(ｶ" },
        { id: "not-a-run", amount: 44_000, payerName: "ｱｵｷ" },
        { id: "stranger", amount: 33_000, payerName: "ﾀﾅｶ" },
      ],
      backlog,
    );
    // 33,000 is also the November invoice alone: the single exact match comes first, the lump of Sep + Oct next.
    expect(proposals.get("two")).toEqual([
      { invoiceId: "nov", kind: "exact", fee: 0, name: "same", learned: false },
      { invoiceId: "sep", lump: ["sep", "oct"], kind: "lump", fee: 0, name: "same", learned: false },
      { invoiceId: "other", kind: "amount", fee: 0, name: null, learned: false },
    ]);
    expect(proposals.get("three-less-fee")).toEqual([{ invoiceId: "sep", lump: ["sep", "oct", "nov"], kind: "lump", fee: 440, name: "same", learned: false }]);
    // Sep + Nov is 44,000 but skips October: not proposed (payers clear the oldest first).
    expect(proposals.get("not-a-run")).toEqual([]);
    expect(proposals.get("stranger")!.map((proposal) => proposal.kind)).toEqual(["amount", "amount"]);
  });

  it("keeps at most `limit` proposals", () => {
    const many = Array.from({ length: 20 }, (_, index) => invoice(`i${index}`, 1_000, [`ｶｲｼﾔ${index}`]));
    expect(proposeMatches([{ id: "d", amount: 1_000, payerName: "ﾀﾞﾚｶ" }], many, { limit: 3 }).get("d")).toHaveLength(3);
  });

  it("matches a 10,000-line statement against 10,000 open invoices in seconds", () => {
    const katakana = "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワ";
    const nameOf = (index: number) =>
      Array.from({ length: 6 }, (_, digit) => katakana[Math.floor(index / katakana.length ** digit) % katakana.length]).join("");
    const open = Array.from({ length: 10_000 }, (_, index) => invoice(`inv${index}`, 1_000 + (index % 500) * 110, [`株式会社${nameOf(index)}`], `c${index}`));
    const deposits = Array.from({ length: 10_000 }, (_, index) => ({
      id: `dep${index}`,
      // Every third pays 440 yen short; the names are half-width with the company type abbreviated.
      amount: 1_000 + (index % 500) * 110 - (index % 3 === 0 ? 440 : 0),
      payerName: `ｶ)${nameOf(index)}`,
    }));
    const started = performance.now();
    const proposals = proposeMatches(deposits, open);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(5_000);
    expect(proposals.get("dep1")![0]).toMatchObject({ invoiceId: "inv1", kind: "exact" });
    expect(proposals.get("dep3")![0]).toMatchObject({ invoiceId: "inv3", kind: "fee", fee: 440 });
    const best = deposits.filter((deposit) => proposals.get(deposit.id)![0]?.invoiceId === deposit.id.replace("dep", "inv"));
    expect(best).toHaveLength(10_000);
  });

  it("indexes the invoices and matches the deposits in many small steps, to the same proposals as at once", () => {
    const open = Array.from({ length: 1_000 }, (_, index) => invoice(`inv${index}`, 1_000 + index, [`ｶ)ﾒｲｶﾞ${index}`]));
    const deposits = Array.from({ length: 1_000 }, (_, index) => ({ id: `dep${index}`, amount: 1_000 + index, payerName: `ﾒｲｶﾞ${index}` }));
    const steps = proposalSteps(deposits, open);
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses += 1;
    expect(pauses).toBeGreaterThan(20);
    expect(step.value).toEqual(proposeMatches(deposits, open));
  });
});
