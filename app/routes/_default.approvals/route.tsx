import { useActionData, useLoaderData } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import approvalTexts from "~/locales/ja/approvals.json";
import { approvals as approvalsTitle } from "~/locales/ja/titlesPages.json";
import { titleMeta } from "~/meta";
import { ApprovalDecisionForm } from "~/routes/__approvals/ApprovalDecisionForm";
import { SubjectLink } from "~/routes/__approvals/SubjectLink";
import type { DecisionReply } from "~/routes/__approvals/approvals.server";
import { approvalsPageAction, approvalsPageLoader } from "~/routes/_default.approvals/approvals-page.server";

export const handle = { i18n: ["common"], screenName: "approvals" };

export const meta = titleMeta(approvalsTitle);

export const loader = approvalsPageLoader;

export const action = approvalsPageAction;

export default function ApprovalsPage() {
  const { t } = useTexts({ approvals: approvalTexts });
  const { waiting, mine, words } = useLoaderData<typeof loader>();
  const reply = useActionData<{ decision?: DecisionReply }>()?.decision;
  return (
    <>
      <h1>{approvalsTitle}</h1>
      <p>{t("approvals.listLead")}</p>
      {waiting.length === 0 ? (
        <p data-testid="approvals-none">{t("approvals.noWaiting")}</p>
      ) : (
        <ul className="approval-list" data-testid="approvals-waiting">
          {waiting.map((row) => (
            <li key={row.id} className="card">
              <h2>
                <SubjectLink name={row.name} href={row.href} />
              </h2>
              <dl className="details">
                <dt>{t("approvals.columns.customer")}</dt>
                <dd>{row.customer}</dd>
                {row.amount ? (
                  <>
                    <dt>{t("approvals.columns.amount")}</dt>
                    <dd>{row.amount}</dd>
                  </>
                ) : null}
                <dt>{t("approvals.columns.requested")}</dt>
                <dd>
                  {row.requester}
                  {row.comment ? <q>{row.comment}</q> : null}
                </dd>
                <dt>{t("approvals.columns.step")}</dt>
                <dd>{row.state}</dd>
              </dl>
              <ApprovalDecisionForm request={row.id} subject={row.name} reply={reply} words={words} />
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="mine-heading">
        <h2 id="mine-heading">{t("approvals.mineHeading")}</h2>
        {mine.length === 0 ? (
          <p>{t("approvals.noMine")}</p>
        ) : (
          <div className="table-scroll">
            <table className="table table--list" data-testid="approvals-mine">
              <thead>
                <tr>
                  <th scope="col">{t("approvals.columns.document")}</th>
                  <th scope="col">{t("approvals.columns.customer")}</th>
                  <th scope="col">{t("approvals.columns.amount")}</th>
                  <th scope="col">{t("approvals.columns.state")}</th>
                </tr>
              </thead>
              <tbody>
                {mine.map((row) => (
                  <tr key={row.id}>
                    <td className="table__nowrap">
                      <SubjectLink name={row.name} href={row.href} />
                    </td>
                    <td>
                      <span className="table__name" title={row.customer}>
                        {row.customer}
                      </span>
                    </td>
                    <td className="table__number">{row.amount}</td>
                    <td>
                      <strong>{row.state}</strong>
                      {row.lastDecision ? (
                        <>
                          <br />
                          {row.lastDecision.text}
                          {row.lastDecision.comment ? <q>{row.lastDecision.comment}</q> : null}
                        </>
                      ) : null}
                    </td>
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
