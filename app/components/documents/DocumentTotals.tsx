import { useTranslation } from "react-i18next";
import { formatDecimal } from "@domain/decimal";
import type { Totals } from "@domain/totals";

const yen = (amount: string) => `${formatDecimal(amount)}円`;

/** Totals and tax per rate (適格請求書: 税率ごとの対価の額と消費税額), withholding and the amount due. */
export function DocumentTotals({ totals, internal }: { totals: Totals; internal: boolean }) {
  const { t } = useTranslation();
  return (
    <table className="table document-totals" data-testid="document-totals">
      <caption>{t("documents.totals.caption")}</caption>
      <tbody>
        {totals.byRate.map((rate) => (
          <tr key={rate.rate}>
            <th scope="row">
              {rate.rate === 0 ? t("documents.totals.exempt") : t("documents.totals.rate", { rate: rate.rate, mark: rate.rate === 8 ? "※" : "" })}
            </th>
            <td className="table__number">
              {t(internal ? "documents.totals.included" : "documents.totals.excluded", { amount: yen(internal ? rate.taxIncluded : rate.taxExcluded) })}
              {rate.rate === 0 ? null : ` ${t("documents.totals.tax", { amount: yen(rate.tax) })}`}
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
