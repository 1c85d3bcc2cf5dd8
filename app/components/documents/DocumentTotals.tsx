import { useTexts } from "~/components/texts";
import documentsTexts from "~/locales/ja/documents.json";
import { formatDecimal } from "@domain/decimal-display";
import type { ShownTotals, TotalsRow } from "@domain/snapshot";

const yen = (amount: string) => `${formatDecimal(amount)}円`;

/**
 * Totals and tax per rate (適格請求書: 税率ごとの対価の額と消費税額), the amount of each
 * category without tax (非課税, 不課税, 免税, 立替金), withholding and the amount due.
 * The caller gives the per-rate rows (`totalsRows`): the detail page has them from its
 * loader, so it does not load domain/snapshot.ts and the tax tables behind it.
 */
export function DocumentTotals({ totals, rows, internal }: { totals: ShownTotals; rows: TotalsRow[]; internal: boolean }) {
  const { t } = useTexts({ documents: documentsTexts });
  return (
    <table className="table document-totals" data-testid="document-totals">
      <caption>{t("documents.totals.caption")}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            <td className="table__number">
              {row.rate
                ? `${t(internal ? "documents.totals.included" : "documents.totals.excluded", { amount: yen(internal ? row.rate.taxIncluded : row.rate.taxExcluded) })} ${t("documents.totals.tax", { amount: yen(row.rate.tax) })}`
                : yen(row.amount)}
            </td>
          </tr>
        ))}
        <tr>
          <th scope="row">{t("documents.totals.subtotal")}</th>
          <td className="table__number">{yen(totals.taxExcluded)}</td>
        </tr>
        <tr>
          <th scope="row">{t("documents.totals.taxTotal")}</th>
          <td className="table__number">{yen(totals.tax)}</td>
        </tr>
        <tr>
          <th scope="row">{t("documents.totals.total")}</th>
          <td className="table__number" data-testid="total">
            {yen(totals.taxIncluded)}
          </td>
        </tr>
        {totals.withholding !== "0" ? (
          <>
            <tr>
              <th scope="row">{t("documents.totals.withholdingBase")}</th>
              <td className="table__number">{yen(totals.withholdingBase)}</td>
            </tr>
            <tr>
              <th scope="row">{t("documents.totals.withholding")}</th>
              <td className="table__number">-{yen(totals.withholding)}</td>
            </tr>
            <tr>
              <th scope="row">{t("documents.totals.amountDue")}</th>
              <td className="table__number">{yen(totals.amountDue)}</td>
            </tr>
          </>
        ) : null}
      </tbody>
    </table>
  );
}
