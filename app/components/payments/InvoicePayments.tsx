import { Form, Link } from "@remix-run/react";
import { formatJapaneseDate } from "@domain/datetime";
import { formatDecimal } from "@domain/decimal-display";
import { ConfirmAction } from "~/components/forms/ConfirmAction";
import { FieldErrors } from "~/components/forms/FieldErrors";
import { FormErrors } from "~/components/forms/FormErrors";
import { useTexts } from "~/components/texts";
import paymentsTexts from "~/locales/ja/payments.json";
import type { Payment, PaymentFormReply, PaymentFormValues, PaymentSummary } from "~/services/payments.server";

const METHODS = ["transfer", "cash", "card", "bill", "offset", "other"] as const;

/** The words of the confirmation of cancelling a payment, shared by the dialog and the page without JavaScript. */
export function useCancelWords() {
  const { t } = useTexts({ payments: paymentsTexts });
  return (payment: Payment) => ({
    title: t("payments.cancel.title", { date: formatJapaneseDate(payment.paid_on), amount: formatDecimal(payment.amount) }),
    body: t("payments.cancel.body"),
    button: t("payments.cancel.confirm"),
  });
}

/** What a cancellation posts besides intent and confirmed: the payment and an optional reason. */
export function CancelPaymentFields({ payment }: { payment: Payment }) {
  const { t } = useTexts({ payments: paymentsTexts });
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
export function InvoicePayments({ summary, values, reply, links }: { summary: PaymentSummary; values: PaymentFormValues; reply: PaymentFormReply | null; links: { reminder: boolean; recurring: boolean; id: number } }) {
  const { t } = useTexts({ payments: paymentsTexts });
  const cancelWords = useCancelWords();
  const shown = reply?.values ?? values;
  const errorsOf = (field: keyof PaymentFormValues) => reply?.fields[field];
  const described = (field: keyof PaymentFormValues, hint = false) =>
    [hint ? `payment-${field}-hint` : null, errorsOf(field) ? `payment-${field}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <section className="card" aria-labelledby="payments-heading" data-testid="invoice-payments">
      <h2 id="payments-heading">{t("payments.heading")}</h2>
      <dl className="details">
        <dt>{t("payments.amountDue")}</dt>
        <dd>{formatDecimal(summary.amount_due)}円</dd>
        <dt>{t("payments.paid")}</dt>
        <dd>{formatDecimal(summary.paid)}円</dd>
        <dt>{t("payments.balance")}</dt>
        <dd data-testid="payment-balance">
          {formatDecimal(summary.balance)}円{summary.overpaid ? `（${t("payments.overpaid")}）` : ""}
        </dd>
      </dl>
      {summary.overpaid ? <p className="notice-inline">{t("payments.overpaidNote")}</p> : null}
      <p className="field__hint">{t("payments.followsNote")}</p>
      {summary.payments.length === 0 ? (
        <p>{t("payments.none")}</p>
      ) : (
        <div className="table-scroll">
          <table className="table" data-testid="payment-rows">
            <thead>
              <tr>
                <th scope="col">{t("payments.columns.paidOn")}</th>
                <th scope="col">{t("payments.columns.amount")}</th>
                <th scope="col">{t("payments.columns.fee")}</th>
                <th scope="col">{t("payments.columns.method")}</th>
                <th scope="col">{t("payments.columns.source")}</th>
                <th scope="col">{t("payments.columns.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {summary.payments.map((payment) => (
                <tr key={payment.id} className={payment.cancelled_at ? "row--cancelled" : undefined}>
                  <td>{formatJapaneseDate(payment.paid_on)}</td>
                  <td className="table__number">{payment.cancelled_at ? <del>{formatDecimal(payment.amount)}円</del> : `${formatDecimal(payment.amount)}円`}</td>
                  <td className="table__number">{formatDecimal(payment.fee)}円</td>
                  <td>{t(`payments.methods.${payment.method as (typeof METHODS)[number]}`)}</td>
                  <td>{payment.statement_line_id === null ? t("payments.byHand") : t("payments.fromStatement")}</td>
                  <td>
                    {payment.cancelled_at ? (
                      payment.cancel_reason ? (
                        t("payments.cancelledReason", { reason: payment.cancel_reason })
                      ) : (
                        t("payments.cancelled")
                      )
                    ) : (
                      <ConfirmAction
                        action="cancelPayment"
                        query={`payment=${payment.id}`}
                        label={t("payments.cancel.button")}
                        words={cancelWords(payment)}
                        extra={<CancelPaymentFields payment={payment} />}
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
      <FormErrors id="payment-form-errors" errors={reply ? [reply.message] : undefined} />
      <Form method="post" className="payment-form" preventScrollReset>
        <input type="hidden" name="intent" value="payment" />
        <div className="field">
          <label htmlFor="payment-paid_on">{t("payments.record.paidOn")}</label>
          <input id="payment-paid_on" name="paid_on" type="date" required defaultValue={shown.paid_on} aria-invalid={errorsOf("paid_on") ? true : undefined} aria-describedby={described("paid_on")} />
          <FieldErrors id="payment-paid_on-error" errors={errorsOf("paid_on")} />
        </div>
        <div className="field">
          <label htmlFor="payment-amount">{t("payments.record.amount")}</label>
          <input id="payment-amount" name="amount" inputMode="numeric" required defaultValue={shown.amount} aria-invalid={errorsOf("amount") ? true : undefined} aria-describedby={described("amount")} />
          <FieldErrors id="payment-amount-error" errors={errorsOf("amount")} />
        </div>
        <div className="field">
          <label htmlFor="payment-fee">{t("payments.record.fee")}</label>
          <input id="payment-fee" name="fee" inputMode="numeric" defaultValue={shown.fee} aria-invalid={errorsOf("fee") ? true : undefined} aria-describedby={described("fee", true)} />
          <p id="payment-fee-hint" className="field__hint">
            {t("payments.record.feeHint")}
          </p>
          <FieldErrors id="payment-fee-error" errors={errorsOf("fee")} />
        </div>
        <div className="field">
          <label htmlFor="payment-method">{t("payments.record.method")}</label>
          <select id="payment-method" name="method" defaultValue={shown.method} aria-describedby={described("method")}>
            {METHODS.map((method) => (
              <option key={method} value={method}>
                {t(`payments.methods.${method}`)}
              </option>
            ))}
          </select>
          <FieldErrors id="payment-method-error" errors={errorsOf("method")} />
        </div>
        <button type="submit" className="button">
          {t("payments.record.submit")}
        </button>
      </Form>
      {links.reminder || links.recurring ? (
        <p className="document-actions">
          {links.reminder ? (
            <Link to={`/billing/reminders/${links.id}`} prefetch="none">
              {t("payments.links.reminder")}
            </Link>
          ) : null}{" "}
          {links.recurring ? (
            <Link to={`/billing/recurring/create?from=${links.id}`} prefetch="none">
              {t("payments.links.recurring")}
            </Link>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}
