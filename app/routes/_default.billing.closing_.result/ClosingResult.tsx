import { Link } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import closing from "~/locales/ja/closing.json";
import type { closingResultLoader } from "~/routes/__closing/closing.server";

type ResultData = Awaited<ReturnType<typeof closingResultLoader>>;

/** After a merge: the closing invoices of the date, each linking to its page, and whether slips are left to bill. */
export function ClosingResult({ closingDate, date, invoices, remaining }: ResultData) {
  const { t } = useTexts({ closing });
  const back = `/billing/closing?closing_date=${encodeURIComponent(closingDate)}`;
  return (
    <>
      <h1>{t("closing.resultTitle")}</h1>
      <p>{t("closing.resultIntro", { date })}</p>
      <section className="card" aria-labelledby="closing-result-heading">
        <h2 id="closing-result-heading" className="visually-hidden">
          {t("closing.resultTitle")}
        </h2>
        {invoices.length === 0 ? (
          <p>{t("closing.resultEmpty")}</p>
        ) : (
          <div className="table-scroll" role="region" aria-labelledby="closing-result-heading" tabIndex={0}>
            <table className="table table--list closing-cards" data-testid="closing-result">
              <thead>
                <tr>
                  <th scope="col">{t("closing.resultColumns.number")}</th>
                  <th scope="col">{t("closing.resultColumns.customer")}</th>
                  <th scope="col" className="table__number">
                    {t("closing.resultColumns.slips")}
                  </th>
                  <th scope="col" className="table__number">
                    {t("closing.resultColumns.amount")}
                  </th>
                  <th scope="col">{t("closing.resultColumns.dueDate")}</th>
                  <th scope="col">{t("closing.resultColumns.stage")}</th>
                </tr>
              </thead>
              <tbody>
                {invoices.map((invoice) => (
                  <tr key={invoice.id}>
                    <th scope="row" className="table__nowrap">
                      <Link to={`/invoices/detail/${invoice.id}`} prefetch="none">
                        {invoice.number}
                      </Link>
                    </th>
                    <td>
                      <span className="table__name" title={invoice.customer}>
                        {invoice.customer}
                      </span>
                    </td>
                    <td className="table__number" data-label={t("closing.resultColumns.slips")}>
                      {t("closing.count", { count: invoice.slips })}
                    </td>
                    <td className="table__number" data-label={t("closing.resultColumns.amount")}>
                      {invoice.amount}円
                    </td>
                    <td className="table__nowrap" data-label={t("closing.resultColumns.dueDate")}>
                      {invoice.dueDate}
                    </td>
                    <td className="table__nowrap" data-label={t("closing.resultColumns.stage")}>
                      <span className={`stage-badge stage-badge--${invoice.stage}`}>{t(`closing.stages.${invoice.stage}`)}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {remaining > 0 ? <p>{t("closing.remaining", { count: remaining })}</p> : null}
        <p>
          <Link to={back} prefetch="none">
            {t("closing.back")}
          </Link>
        </p>
      </section>
    </>
  );
}
