import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readJpPint, type ReadJpPintInvoice } from "./jp-pint-reader";
import { receivedDocumentInputSchema } from "./received-documents";
import { proposeFromJpPint, receivedInputFromAccessPoint } from "./received-jp-pint";

const EXAMPLES = path.resolve(import.meta.dirname, "../../shared/peppol/examples");
const example = (name: string) => readJpPint(readFileSync(path.join(EXAMPLES, name), "utf8")).invoice!;

const withSubtotals = (invoice: ReadJpPintInvoice, subtotals: ReadJpPintInvoice["subtotals"], taxInclusive: string): ReadJpPintInvoice => ({
  ...invoice,
  subtotals,
  totals: { ...invoice.totals, taxInclusive },
});

describe("proposeFromJpPint", () => {
  it("fills the form from an invoice as it states it, tax included per rate", () => {
    expect(proposeFromJpPint(example("Example9-SumInv1-and-O.xml"))).toEqual({
      transactionDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      amount: "359490",
      registrationNumber: example("Example9-SumInv1-and-O.xml").supplier.registrationNumber,
      supplierName: example("Example9-SumInv1-and-O.xml").supplier.name,
      documentNumber: example("Example9-SumInv1-and-O.xml").number,
      dueDate: "2023-11-20",
      // S 10 %: 260,000 + 26,000; E and O (out of scope) are the form's 0 % field.
      amount10: "286000",
      tax10: "26000",
      amount8: null,
      tax8: null,
      amount0: "73490",
    });
  });

  it("keeps a return's negative figures and an invoice without a due date", () => {
    expect(proposeFromJpPint(example("Example7-Return.Quan.ItPr.xml"))).toMatchObject({ amount: "-110000", amount10: "-110000", tax10: "-10000", dueDate: null });
  });

  it("takes the 8 % reduced rate (AA or S) into its own field", () => {
    const invoice = withSubtotals(
      example("Example1-minimum.xml"),
      [
        { category: "AA", rate: "8", taxable: "1000", tax: "80" },
        { category: "S", rate: "10", taxable: "2000.00", tax: "200" },
      ],
      "3280",
    );
    expect(proposeFromJpPint(invoice)).toMatchObject({ amount: "3280", amount10: "2200", tax10: "200", amount8: "1080", tax8: "80", amount0: null });
  });

  it("leaves to the person what the form cannot hold as stated", () => {
    // Another currency: no yen figure is made up by converting it.
    expect(proposeFromJpPint(example("Example2-TaxAcctCur.xml"))).toMatchObject({ amount: null, amount10: null, tax10: null, amount0: null });
    const fraction = withSubtotals(example("Example1-minimum.xml"), [{ category: "S", rate: "10", taxable: "100.5", tax: "10" }], "110.5");
    expect(proposeFromJpPint(fraction)).toMatchObject({ amount: null, amount10: null });
    // A rate the form has no field for: the total as stated, the rates typed.
    const otherRate = withSubtotals(example("Example1-minimum.xml"), [{ category: "S", rate: "5", taxable: "1000", tax: "50" }], "1050");
    expect(proposeFromJpPint(otherRate)).toMatchObject({ amount: "1050", amount10: null, tax10: null, amount8: null, amount0: null });
    // Per-rate figures that do not make up the total (the form would refuse them).
    const notAdding = withSubtotals(example("Example1-minimum.xml"), [{ category: "S", rate: "10", taxable: "1000", tax: "100" }], "1200");
    expect(proposeFromJpPint(notAdding)).toMatchObject({ amount: "1200", amount10: null });
  });
});

describe("receivedInputFromAccessPoint", () => {
  it("makes a received invoice of what an arrived invoice states, noting the network and the sender", () => {
    const input = receivedInputFromAccessPoint(proposeFromJpPint(example("Example9-SumInv1-and-O.xml")), "0188:1234567890123");
    const parsed = receivedDocumentInputSchema.parse(input);
    expect(parsed).toMatchObject({ amount: "359490", amount_10: "286000", tax_10: "26000", amount_8: null, amount_0: "73490", due_date: "2023-11-20", origin: "electronic" });
    expect(parsed.supplier_name).toBe(example("Example9-SumInv1-and-O.xml").supplier.name);
    expect(parsed.notes).toBe("デジタルインボイス（Peppol）で受信（送信元 0188:1234567890123）");
  });

  it("leaves empty what the form cannot hold as stated, so validation keeps such an invoice out rather than guessing", () => {
    // Another currency: the total is not taken, and the form requires one.
    const input = receivedInputFromAccessPoint({ ...proposeFromJpPint(example("Example9-SumInv1-and-O.xml")), amount: null, amount10: null, tax10: null, amount0: null }, "");
    expect(input.amount).toBe("");
    expect(input.notes).toBe("デジタルインボイス（Peppol）で受信");
    const parsed = receivedDocumentInputSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join("."))).toEqual(["amount"]);
  });
});
