import type { ReadJpPintInvoice } from "./jp-pint-reader";
import type { ReceivedProposal } from "./received-text";

/*
 * What a received JP PINT invoice fills in on the received-invoice form (issue 36 item 5). Unlike a PDF's text, the
 * XML states each figure, so they are taken as stated; a figure the form cannot hold as stated (another currency, a
 * fraction of a yen, a rate it has no field for) is left for the person to type rather than converted or rounded.
 */

const WHOLE = /^(-?\d+)(?:\.0+)?$/;

/** The amount as integer yen text ("1000.00" is "1000"), or null when it is not a whole number. */
function wholeYen(amount: string): string | null {
  const match = WHOLE.exec(amount);
  return match ? String(BigInt(match[1]!)) : null;
}

type PerRate = Pick<ReceivedProposal, "amount10" | "tax10" | "amount8" | "tax8" | "amount0">;

/** The form's 10 %, 8 % and 0 % fields (tax included) from the tax breakdown, or null when one subtotal fits none of them. */
function perRateOf(invoice: ReadJpPintInvoice): PerRate | null {
  const sums = { amount10: 0n, tax10: 0n, amount8: 0n, tax8: 0n, amount0: 0n };
  const seen = new Set<"10" | "8" | "0">();
  for (const subtotal of invoice.subtotals) {
    const taxable = wholeYen(subtotal.taxable);
    const tax = wholeYen(subtotal.tax);
    if (taxable === null || tax === null) return null;
    const rate = subtotal.rate === null ? 0 : Number(subtotal.rate);
    if (rate === 10 && ["S", "AA"].includes(subtotal.category)) {
      sums.amount10 += BigInt(taxable) + BigInt(tax);
      sums.tax10 += BigInt(tax);
      seen.add("10");
    } else if (rate === 8 && ["S", "AA"].includes(subtotal.category)) {
      sums.amount8 += BigInt(taxable) + BigInt(tax);
      sums.tax8 += BigInt(tax);
      seen.add("8");
    } else if (rate === 0 && BigInt(tax) === 0n) {
      sums.amount0 += BigInt(taxable);
      seen.add("0");
    } else return null;
  }
  if (seen.size === 0) return null;
  return {
    amount10: seen.has("10") ? String(sums.amount10) : null,
    tax10: seen.has("10") ? String(sums.tax10) : null,
    amount8: seen.has("8") ? String(sums.amount8) : null,
    tax8: seen.has("8") ? String(sums.tax8) : null,
    amount0: seen.has("0") ? String(sums.amount0) : null,
  };
}

export function proposeFromJpPint(invoice: ReadJpPintInvoice): ReceivedProposal {
  const inYen = invoice.currency === "JPY";
  const amount = inYen ? wholeYen(invoice.totals.taxInclusive) : null;
  const perRate = amount === null ? null : perRateOf(invoice);
  // The form refuses amounts per rate that do not make up the total; the total alone is then still as stated.
  const adds = perRate !== null && [perRate.amount10, perRate.amount8, perRate.amount0].reduce((sum, value) => sum + BigInt(value ?? 0), 0n) === BigInt(amount!);
  return {
    transactionDate: invoice.issueDate,
    amount,
    registrationNumber: invoice.supplier.registrationNumber,
    supplierName: invoice.supplier.name,
    documentNumber: invoice.number,
    dueDate: invoice.dueDate,
    ...(adds ? perRate : { amount10: null, tax10: null, amount8: null, tax8: null, amount0: null }),
  };
}

/**
 * A digital invoice that arrived through the Peppol access point (decision 045), as the received-invoice form's input:
 * what the XML states, with no one to type what it leaves out, and a note naming the network and the sender. The
 * caller validates it as any form is; a figure the form cannot hold as stated stays empty, and a required one missing
 * keeps the invoice at the access point rather than stored with a guess.
 */
export function receivedInputFromAccessPoint(proposal: ReceivedProposal, sender: string): Record<string, string> {
  const value = (text: string | null | undefined) => text ?? "";
  return {
    transaction_date: value(proposal.transactionDate),
    amount: value(proposal.amount),
    amount_10: value(proposal.amount10),
    tax_10: value(proposal.tax10),
    amount_8: value(proposal.amount8),
    tax_8: value(proposal.tax8),
    amount_0: value(proposal.amount0),
    supplier_name: value(proposal.supplierName),
    registration_number: value(proposal.registrationNumber),
    document_number: value(proposal.documentNumber),
    due_date: value(proposal.dueDate),
    origin: "electronic",
    notes: sender ? `デジタルインボイス（Peppol）で受信（送信元 ${sender}）` : "デジタルインボイス（Peppol）で受信",
  };
}
