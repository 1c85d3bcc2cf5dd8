import { Link } from "@remix-run/react";
import { formatJapaneseDate } from "@domain/datetime";
import { formatDecimal } from "@domain/decimal-display";
import { IgnoredFilters } from "~/components/lists/IgnoredFilters";
import { ListPaging } from "~/components/lists/ListControls";
import { useTexts } from "~/components/texts";
import paymentsTexts from "~/locales/ja/paymentsStatements.json";
import type { UnmatchedDeposit } from "~/routes/__payments/payments.server";
import { pageLinks } from "../__payments/StatementsPage";

/** Every deposit of the statements taken in that no invoice claims yet, newest first, each linked to its statement. */
export function UnmatchedPage({
  deposits,
  ignored,
}: {
  deposits: { items: UnmatchedDeposit[]; total: number; amount: string; page: number; per_page: number };
  ignored: string[];
}) {
  const { t } = useTexts({ payments: paymentsTexts });
  return (
    <>
      <h1>{t("payments.unmatched.heading")}</h1>
      <p>{t("payments.unmatched.intro")}</p>
      <p>
        <Link to="/billing/payments" prefetch="none">
          {t("payments.statement.back")}
        </Link>
      </p>
      <IgnoredFilters names={ignored} />
      <section className="card" aria-labelledby="unmatched-list-heading">
        <h2 id="unmatched-list-heading" data-testid="unmatched-total">
          {t("payments.unmatched.total", { count: deposits.total, amount: formatDecimal(deposits.amount) })}
        </h2>
        {deposits.items.length === 0 ? (
          <p>{t("payments.unmatched.empty")}</p>
        ) : (
          <div className="table-scroll">
            <table className="table table--list" data-testid="unmatched-rows">
              <thead>
                <tr>
                  <th scope="col">{t("payments.statement.columns.postedOn")}</th>
                  <th scope="col">{t("payments.statement.columns.payer")}</th>
                  <th scope="col">{t("payments.statement.columns.amount")}</th>
                  <th scope="col">{t("payments.statements.columns.fileName")}</th>
                </tr>
              </thead>
              <tbody>
                {deposits.items.map((deposit) => (
                  <tr key={deposit.id}>
                    <td className="table__nowrap">{formatJapaneseDate(deposit.posted_on)}</td>
                    <td>
                      <span className="table__name" title={deposit.payer_name || deposit.description}>
                        {deposit.payer_name || deposit.description}
                      </span>
                    </td>
                    <td className="table__number">{formatDecimal(deposit.amount)}円</td>
                    <td>
                      <Link to={`/billing/payments/statements/${deposit.statement_id}`} prefetch="none">
                        {`${deposit.file_name}（${deposit.line}行目）`}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <ListPaging links={pageLinks(deposits.page)} total={deposits.total} perPage={deposits.per_page} placement="links" />
      </section>
    </>
  );
}
