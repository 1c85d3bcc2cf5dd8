import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTexts } from "~/components/texts";
import topTexts from "~/locales/ja/top.json";
import type { topLoader } from "~/routes/_default.top/top.server";
import { SubjectLink } from "~/routes/__approvals/SubjectLink";

type Summary = Awaited<ReturnType<typeof topLoader>>;

const RECEIVABLES = "/reports/list?report=receivables";

/** One figure of the month: what it is, its value, and where to see what makes it up. */
function Figure({ testId, label, value, link, alert = false, children }: { testId: string; label: string; value: string; link: { to: string; text: string }; alert?: boolean; children?: ReactNode }) {
  return (
    <div className={alert ? "card top-figures__alert" : "card"} data-testid={testId}>
      <dt>{label}</dt>
      <dd>
        <strong>{value}</strong>
        {children}
        <Link to={link.to} prefetch="none">
          {link.text}
        </Link>
      </dd>
    </div>
  );
}

/**
 * TOP's figures (issue 18): the month, who owes what, what waits for an
 * answer or failed to send, the bank's notices and the plan. Server-rendered
 * text and links only: nothing here needs JavaScript.
 */
export function TopSummary({ summary }: { summary: Summary }) {
  const { t } = useTexts({ top: topTexts });
  const { sales, unpaid, overdue, estimates, latest, mailErrors, notices, plan, approvals } = summary;
  return (
    <>
      {plan?.trialDaysLeft !== null && plan?.trialDaysLeft !== undefined ? (
        <p className="card" data-testid="top-plan">
          {t("top.trial", { days: plan.trialDaysLeft, date: plan.chargedFrom ?? "" })}
        </p>
      ) : null}
      {plan?.withdrawalDate ? (
        <p className="card form-errors" data-testid="top-plan">
          {t("top.cancellation", { date: plan.withdrawalDate })}{" "}
          <Link to="/accounts/settings" prefetch="none">
            {t("top.toAccount")}
          </Link>
        </p>
      ) : null}
      {notices.length > 0 ? (
        <section aria-labelledby="top-notices" className="card" data-testid="top-notices">
          <h2 id="top-notices">{t("top.noticesHeading")}</h2>
          <ul className="top-notices">
            {notices.map((notice) => (
              <li key={notice.id}>
                <strong>
                  【{t(`top.noticeKinds.${notice.kind}`)}】{notice.title}
                </strong>
                {notice.window ? <span> {notice.window}</span> : null}
                {notice.body ? <p>{notice.body}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {approvals.waiting ? (
        <section aria-labelledby="top-approvals" className="card top-figures__alert" data-testid="top-approvals">
          <h2 id="top-approvals">{approvals.waiting.heading}</h2>
          <ul>
            {approvals.waiting.rows.map((row) => (
              <li key={row.id}>
                <SubjectLink name={row.name} href={row.href} />{" "}
                {row.customer} {row.amount} {row.requestedBy}
              </li>
            ))}
          </ul>
          <Link to="/approvals" prefetch="none">
            {approvals.waiting.link}
          </Link>
        </section>
      ) : null}
      {approvals.mine ? (
        <section aria-labelledby="top-my-approvals" className="card" data-testid="top-my-approvals">
          <h2 id="top-my-approvals">{approvals.mine.heading}</h2>
          <ul>
            {approvals.mine.rows.map((row) => (
              <li key={row.id}>
                <SubjectLink name={row.name} href={row.href} />{" "}
                <strong className={row.returned ? "field__error" : undefined}>{row.state}</strong> {row.lastDecision?.text}
                {row.lastDecision?.comment ? <q>{row.lastDecision.comment}</q> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="top-month">
        <h2 id="top-month">{t("top.monthHeading")}</h2>
        <dl className="top-figures">
          <Figure testId="top-sales" label={t("top.sales")} value={sales.thisMonth} link={{ to: "/reports/list?report=sales&period=this_month", text: t("top.toSales") }}>
            <span>{t("top.salesDetail", { count: sales.thisMonthCount, lastMonth: sales.lastMonth, difference: sales.difference })}</span>
          </Figure>
          <Figure testId="top-unpaid" label={t("top.unpaid")} value={t("top.countAmount", { count: unpaid.count, amount: unpaid.amount })} link={{ to: RECEIVABLES, text: t("top.toReceivables") }} />
          <Figure
            testId="top-overdue"
            label={t("top.overdue")}
            value={t("top.countAmount", { count: overdue.count, amount: overdue.amount })}
            link={{ to: RECEIVABLES, text: t("top.toReceivables") }}
            alert={overdue.count > 0}
          />
          <Figure testId="top-estimates" label={t("top.estimates")} value={t("top.countAmount", { count: estimates.count, amount: estimates.amount })} link={{ to: "/estimates/list", text: t("top.toEstimates") }} />
        </dl>
      </section>
      {mailErrors.count > 0 ? (
        <section aria-labelledby="top-mail-errors" className="card form-errors" data-testid="top-mail-errors">
          <h2 id="top-mail-errors">{t("top.mailErrorsHeading", { count: mailErrors.count })}</h2>
          <p>{t("top.mailErrorsLead")}</p>
          <ul>
            {mailErrors.items.map((mail) => (
              <li key={mail.key}>
                <Link to={mail.href} prefetch="none">
                  {mail.label}
                </Link>{" "}
                {mail.at} {mail.error}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="top-latest">
        <h2 id="top-latest">{t("top.latestHeading")}</h2>
        {latest.length === 0 ? (
          <p>{t("top.noDocuments")}</p>
        ) : (
          /* Between the cards (below 480 px) and the width with the side menu, the table scrolls in its own box. */
          <div className="table-scroll">
            <table className="table document-list" data-testid="top-latest">
              <thead>
                <tr>
                  <th scope="col">{t("top.latestColumns.kind")}</th>
                  <th scope="col">{t("top.latestColumns.number")}</th>
                  <th scope="col">{t("top.latestColumns.customer")}</th>
                  <th scope="col">{t("top.latestColumns.status")}</th>
                  <th scope="col">{t("top.latestColumns.amount")}</th>
                  <th scope="col" className="document-list__optional">
                    {t("top.latestColumns.updatedAt")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {latest.map((document) => (
                  <tr key={document.key}>
                    <td className="table__nowrap">{document.kind}</td>
                    <td className="table__nowrap">
                      <Link to={document.href} prefetch="none">
                        {document.number}
                      </Link>
                    </td>
                    <td>
                      <span className="table__name" title={document.customer}>
                        {document.customer}
                      </span>
                    </td>
                    <td className="table__nowrap">{document.status}</td>
                    <td className="table__number">{document.amount}</td>
                    <td className="document-list__optional table__nowrap">{document.updatedAt}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
