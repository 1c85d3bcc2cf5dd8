import { Form, Link, useActionData } from "@remix-run/react";
import { formatListDate } from "@domain/datetime";
import { formatDecimal } from "@domain/decimal-display";
import { FormErrors } from "~/components/forms/field-frame";
import { useTexts } from "~/components/texts";
import paymentsTexts from "~/locales/ja/paymentsStatements.json";
import type { ConfirmReply, Proposal, Statement } from "~/routes/__payments/payments.server";
import { choiceOf } from "../__payments/choices";

/**
 * One statement: every line, each unmatched deposit with its ranked proposals as choices (the loader's
 * preselection, or what was chosen before a refusal), confirmed together in one form that works without JavaScript.
 */
export function StatementPage({ statement, preselected }: { statement: Statement; preselected: Record<string, string> }) {
  const { t } = useTexts({ payments: paymentsTexts });
  const reply = useActionData<ConfirmReply>();
  const chosen = reply?.chosen ?? preselected;
  const column = (name: "line" | "postedOn" | "payer" | "amount" | "match") => t(`payments.statement.columns.${name}`);
  const open = statement.lines.filter((line) => line.kind === "deposit" && line.payments.length === 0);
  const numbers = (proposal: Proposal) => proposal.invoices?.map((invoice) => invoice.number).join("、") ?? proposal.number;
  const kindText = (proposal: Proposal) =>
    proposal.kind === "lump"
      ? t(Number(proposal.fee) > 0 ? "payments.statement.kinds.lumpFee" : "payments.statement.kinds.lump", { fee: formatDecimal(proposal.fee) })
      : t(`payments.statement.kinds.${proposal.kind}`, { fee: formatDecimal(proposal.fee) });
  const proposalText = (proposal: Proposal) =>
    `${t("payments.statement.proposal", { number: numbers(proposal), customer: proposal.customer_name, balance: formatDecimal(proposal.balance) })}（${kindText(proposal)}${proposal.learned ? `・${t("payments.statement.learned")}` : ""}）`;
  return (
    <>
      <h1>{t("payments.statement.heading", { name: statement.file_name })}</h1>
      <p>
        <Link to="/billing/payments" prefetch="none">
          {t("payments.statement.back")}
        </Link>
      </p>
      {statement.problems.length > 0 ? (
        <section className="card" aria-labelledby="statement-problems-heading">
          <h2 id="statement-problems-heading">{t("payments.statement.problems")}</h2>
          <ul>
            {statement.problems.map((problem) => (
              <li key={`${problem.line}-${problem.message}`}>{`${problem.line}行目：${problem.message}`}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <FormErrors id="confirm-errors" errors={reply ? [reply.message] : undefined} />
      <Form method="post" className="card">
        <p data-testid="unmatched-count">{t("payments.statement.summary", { count: statement.unmatched_deposits })}</p>
        <div className="table-scroll">
          <table className="table table--cards statement-table" data-testid="statement-lines">
            <thead>
              <tr>
                <th scope="col">{column("line")}</th>
                <th scope="col">{column("postedOn")}</th>
                <th scope="col">{column("payer")}</th>
                <th scope="col">{column("amount")}</th>
                <th scope="col">{column("match")}</th>
              </tr>
            </thead>
            <tbody>
              {statement.lines.map((line) => (
                <tr key={line.id}>
                  <td className="table__number" data-label={column("line")}>
                    {line.line}
                  </td>
                  <td className="statement-table__date" data-label={column("postedOn")}>
                    {formatListDate(line.posted_on)}
                  </td>
                  <td className="statement-table__payer" data-label={column("payer")}>{line.payer_name || line.description}</td>
                  <td className="table__number statement-table__amount" data-label={column("amount")}>
                    {line.kind === "withdrawal" ? `${t("payments.statement.withdrawal")} ` : ""}
                    {formatDecimal(line.amount)}円
                  </td>
                  <td data-label={column("match")}>
                    {line.kind === "withdrawal" ? null : line.payments.length > 0 ? (
                      <>
                        {t("payments.statement.matched")}
                        {line.payments.map((payment, index) => (
                          <span key={payment.id}>
                            {index > 0 ? "、" : ""}
                            <Link to={`/invoices/detail/${payment.document_id}`} prefetch="none">
                              {payment.number}
                            </Link>
                          </span>
                        ))}
                      </>
                    ) : (
                      <fieldset className="statement-choices">
                        <legend className="visually-hidden">{`${line.line}行目 ${formatDecimal(line.amount)}円の${t("payments.statement.columns.match")}`}</legend>
                        {line.proposals.length === 0 ? <p>{t("payments.statement.noProposal")}</p> : null}
                        {line.proposals.map((proposal) => (
                          <label key={choiceOf(proposal)} className="statement-choice">
                            <input type="radio" name={`match[${line.id}]`} value={choiceOf(proposal)} defaultChecked={chosen[String(line.id)] === choiceOf(proposal)} />{" "}
                            <span>{proposalText(proposal)}</span>
                          </label>
                        ))}
                        <label className="statement-choice">
                          <input type="radio" name={`match[${line.id}]`} value="" defaultChecked={!chosen[String(line.id)]} /> <span>{t("payments.statement.skip")}</span>
                        </label>
                      </fieldset>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {open.length > 0 ? (
          <>
            <p className="field__hint">{t("payments.statement.confirmHint")}</p>
            <button type="submit" className="button">
              {t("payments.statement.confirm")}
            </button>
          </>
        ) : (
          <p>{t("payments.statement.nothingOpen")}</p>
        )}
      </Form>
    </>
  );
}
