import { Fragment } from "react";
import { Form, Link } from "@remix-run/react";
import { ConfirmAction } from "~/components/forms/ConfirmAction";
import { FieldFrame, FormErrors } from "~/components/forms/field-frame";
import { checkedControls } from "~/routes/__mail/CheckedFields";
import { textsOf } from "~/components/texts";
import type { DocumentDetailData } from "~/routes/__documents/detail.server";
import type { PaymentFormReply, PaymentFormValues } from "~/routes/__payments/payments.server";

/** The section as the loader wrote it out: figures formatted, each payment's date and amounts as shown. */
type Payments = NonNullable<DocumentDetailData["payments"]>;
type Payment = Payments["rows"][number];
/** The section's words, from the loader (payments.json): a detail page that shows no payments carries none of them. */
type Words = Payments["words"];

const METHODS = ["transfer", "cash", "card", "bill", "offset", "other"] as const;
const COLUMNS = ["paidOn", "amount", "fee", "method", "source", "actions"] as const;

/** The words of the confirmation of cancelling a payment, shared by the dialog and the page without JavaScript. */
export function cancelWordsOf(words: Words) {
  const { t } = textsOf({ payments: words });
  return (payment: Payment) => ({
    title: t("payments.cancel.title", { date: payment.paidOn, amount: payment.amount }),
    body: t("payments.cancel.body"),
    button: t("payments.cancel.confirm"),
  });
}

/** What a cancellation posts besides intent and confirmed: the payment and an optional reason. */
export function CancelPaymentFields({ payment, words }: { payment: Pick<Payment, "id">; words: Words }) {
  const { t } = textsOf({ payments: words });
  return (
    <>
      <input type="hidden" name="payment" value={payment.id} />
      <div className="field">
        <label htmlFor={`cancel-reason-${payment.id}`}>{t("payments.cancel.reason")}</label>
        <input id={`cancel-reason-${payment.id}`} name="reason" maxLength={200} />
      </div>
    </>
  );
}

/**
 * An issued invoice's payments (decision 033): what is due, paid and left, each payment with its source and a
 * cancellation that asks first, and the form that records one. 入金済 follows from the balance, as the note says.
 */
export function InvoicePayments({ payments, reply }: { payments: Payments; reply: PaymentFormReply | null }) {
  const { t } = textsOf({ payments: payments.words });
  const cancelWords = cancelWordsOf(payments.words);
  const shown = reply?.values ?? payments.values;
  const errorsOf = (field: keyof PaymentFormValues) => reply?.fields[field];
  const control = checkedControls("payment", (field: keyof PaymentFormValues) => shown[field], errorsOf);
  const field = (name: keyof PaymentFormValues) => ({
    controlId: `payment-${name}`,
    label: t(`payments.record.${name}`),
    errorId: `payment-${name}-error`,
    errors: errorsOf(name),
  });
  return (
    <section className="card" aria-labelledby="payments-heading" data-testid="invoice-payments">
      <h2 id="payments-heading">{t("payments.heading")}</h2>
      <dl className="details">
        <dt>{t("payments.amountDue")}</dt>
        <dd>{payments.amountDue}</dd>
        <dt>{t("payments.paid")}</dt>
        <dd>{payments.paid}</dd>
        <dt>{t("payments.balance")}</dt>
        <dd data-testid="payment-balance">{payments.balance}</dd>
      </dl>
      {payments.overpaidNote ? <p className="notice-inline">{payments.overpaidNote}</p> : null}
      <p className="field__hint">{t("payments.followsNote")}</p>
      {payments.rows.length === 0 ? (
        <p>{t("payments.none")}</p>
      ) : (
        <div className="table-scroll">
          <table className="table table--list" data-testid="payment-rows">
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col">
                    {t(`payments.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {payments.rows.map((payment) => (
                <tr key={payment.id} className={payment.cancelled ? "row--cancelled" : undefined}>
                  <td className="table__nowrap">{payment.paidOn}</td>
                  <td className="table__number">{payment.cancelled ? <del>{payment.amount}円</del> : `${payment.amount}円`}</td>
                  <td className="table__number">{payment.fee}円</td>
                  <td className="table__nowrap">{t(`payments.methods.${payment.method as (typeof METHODS)[number]}`)}</td>
                  <td>{payment.source}</td>
                  <td>
                    {payment.cancelled ?? (
                      <ConfirmAction
                        action="cancelPayment"
                        query={`payment=${payment.id}`}
                        label={t("payments.cancel.button")}
                        words={cancelWords(payment)}
                        extra={<CancelPaymentFields payment={payment} words={payments.words} />}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3>{t("payments.record.heading")}</h3>
      {payments.refusal ? (
        <p>{payments.refusal}</p>
      ) : (
        <>
          <FormErrors id="payment-form-errors" errors={reply ? [reply.message] : undefined} />
          <Form method="post" className="payment-form" preventScrollReset>
            <input type="hidden" name="intent" value="payment" />
            <FieldFrame {...field("paid_on")}>
              <input {...control("paid_on")} type="date" required />
            </FieldFrame>
            <FieldFrame {...field("amount")}>
              <input {...control("amount")} inputMode="numeric" required />
            </FieldFrame>
            <FieldFrame {...field("fee")} hint={t("payments.record.feeHint")}>
              <input {...control("fee", true)} inputMode="numeric" />
            </FieldFrame>
            <FieldFrame {...field("method")}>
              <select {...control("method")}>
                {METHODS.map((method) => (
                  <option key={method} value={method}>
                    {t(`payments.methods.${method}`)}
                  </option>
                ))}
              </select>
            </FieldFrame>
            <button type="submit" className="button">
              {t("payments.record.submit")}
            </button>
          </Form>
        </>
      )}
      {payments.links.length > 0 ? (
        <p className="document-actions">
          {payments.links.map((link) => (
            <Fragment key={link.path}>
              <Link to={link.path} prefetch="none">
                {link.label}
              </Link>{" "}
            </Fragment>
          ))}
        </p>
      ) : null}
    </section>
  );
}
