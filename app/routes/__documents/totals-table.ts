import { formatYen } from "@domain/decimal-display";
import type { ShownTotals, TotalsRow } from "@domain/snapshot";

export type TotalsTableRow = { key: string; label: string; value: string };

/** The documents texts the table is written in; both the component's `t` and the server's i18next `t` fit. */
type TotalsTexts = (
  key:
    | "documents.totals.included"
    | "documents.totals.excluded"
    | "documents.totals.tax"
    | "documents.totals.subtotal"
    | "documents.totals.taxTotal"
    | "documents.totals.total"
    | "documents.totals.withholdingBase"
    | "documents.totals.withholding"
    | "documents.totals.amountDue",
  options?: { amount: string },
) => string;

/**
 * Totals and tax per rate (適格請求書: 税率ごとの対価の額と消費税額), the amount of each category without tax
 * (非課税, 不課税, 免税, 立替金), withholding and the amount due, as the form, the copy and the detail page write them.
 */
export function totalsTableRows(totals: ShownTotals, rows: TotalsRow[], internal: boolean, t: TotalsTexts): TotalsTableRow[] {
  const perRate = rows.map((row) => ({
    key: row.key,
    label: row.label,
    value: row.rate
      ? `${t(internal ? "documents.totals.included" : "documents.totals.excluded", { amount: formatYen(internal ? row.rate.taxIncluded : row.rate.taxExcluded) })} ${t("documents.totals.tax", { amount: formatYen(row.rate.tax) })}`
      : formatYen(row.amount),
  }));
  const withholding =
    totals.withholding === "0"
      ? []
      : [
          { key: "withholdingBase", label: t("documents.totals.withholdingBase"), value: formatYen(totals.withholdingBase) },
          { key: "withholding", label: t("documents.totals.withholding"), value: `-${formatYen(totals.withholding)}` },
          { key: "amountDue", label: t("documents.totals.amountDue"), value: formatYen(totals.amountDue) },
        ];
  return [
    ...perRate,
    { key: "subtotal", label: t("documents.totals.subtotal"), value: formatYen(totals.taxExcluded) },
    { key: "taxTotal", label: t("documents.totals.taxTotal"), value: formatYen(totals.tax) },
    { key: "total", label: t("documents.totals.total"), value: formatYen(totals.taxIncluded) },
    ...withholding,
  ];
}
