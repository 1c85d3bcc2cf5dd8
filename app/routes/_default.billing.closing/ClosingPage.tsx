import { Form, Link } from "@remix-run/react";
import { FormErrors } from "~/components/forms/field-frame";
import { useTexts } from "~/components/texts";
import closing from "~/locales/ja/closing.json";
import type { ClosingActionData } from "~/routes/__closing/closing.server";
import type { closingPageLoader } from "~/routes/__closing/closing.server";

type LoaderData = Awaited<ReturnType<typeof closingPageLoader>>;

/** 締め請求: a closing date, then per customer closing on it the slips to bill, chosen by checkbox, and how lines merge. */
export function ClosingPage({ closingDate, dateErrors, period, lineMode: settledLineMode, customers, actionData }: LoaderData & { actionData: ClosingActionData | undefined }) {
  const { t } = useTexts({ closing });
  const fieldErrors = Object.values(actionData?.fields ?? {}).flat();
  const summary = actionData ? [actionData.message, ...fieldErrors].filter((message, index, all) => message && all.indexOf(message) === index) : [];
  const chosen = (id: number) => (actionData ? actionData.values.customerIds.includes(String(id)) : true);
  const lineMode = actionData?.values.lineMode ?? settledLineMode;
  return (
    <>
      <h1>{t("closing.title")}</h1>
      <p>{t("closing.intro")}</p>
      <Form method="get" className="card closing-date-form" aria-label={t("closing.periodForm")}>
        <div className="field">
          <label htmlFor="closing-date">{t("closing.closingDate")}</label>
          <input
            type="date"
            id="closing-date"
            name="closing_date"
            defaultValue={closingDate}
            required
            aria-invalid={dateErrors.length > 0 ? true : undefined}
            aria-describedby={dateErrors.length > 0 ? "closing-date-hint closing-date-error" : "closing-date-hint"}
          />
          <span className="field__hint" id="closing-date-hint">
            {t("closing.closingDateHint")}
          </span>
          {dateErrors.length > 0 ? (
            <span className="field__error" id="closing-date-error">
              {dateErrors.join(" ")}
            </span>
          ) : null}
        </div>
        <button type="submit" className="button button--secondary">
          {t("closing.show")}
        </button>
      </Form>
      {period ? (
        <section className="card" aria-labelledby="closing-customers-heading">
          <h2 id="closing-customers-heading">{t("closing.customersHeading")}</h2>
          <p data-testid="closing-period">{t("closing.period", period)}</p>
          <FormErrors id="closing-errors" errors={summary.length > 0 ? summary : undefined} />
          {customers.length === 0 ? (
            <p>{t("closing.empty")}</p>
          ) : (
            <Form method="post" aria-labelledby="closing-customers-heading">
              <input type="hidden" name="closing_date" value={closingDate} />
              <p className="field__hint closing-scroll-hint">{t("closing.scrollHint")}</p>
              <div className="table-scroll" role="region" aria-labelledby="closing-customers-heading" tabIndex={0}>
                <table className="table table--list closing-table closing-cards">
                  <thead>
                    <tr>
                      <th scope="col">{t("closing.columns.choose")}</th>
                      <th scope="col">{t("closing.columns.customer")}</th>
                      <th scope="col">{t("closing.columns.closingDay")}</th>
                      <th scope="col" className="table__number">
                        {t("closing.columns.count")}
                      </th>
                      <th scope="col">{t("closing.columns.slips")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {customers.map((customer) => (
                      <tr key={customer.id} data-testid="closing-customer">
                        <td>
                          <input
                            type="checkbox"
                            name="customer_ids"
                            value={customer.id}
                            id={`closing-customer-${customer.id}`}
                            defaultChecked={chosen(customer.id)}
                            aria-label={t("closing.choose", { customer: customer.name })}
                          />
                        </td>
                        <th scope="row">
                          <label htmlFor={`closing-customer-${customer.id}`} className="table__name" title={customer.name}>
                            {customer.name}
                          </label>
                        </th>
                        <td className="table__nowrap" data-label={t("closing.columns.closingDay")}>
                          {customer.closingDay}
                        </td>
                        <td className="table__number" data-label={t("closing.columns.count")}>
                          {t("closing.count", { count: customer.slips.length })}
                        </td>
                        <td data-label={t("closing.columns.slips")}>
                          <ul className="plain-list">
                            {customer.slips.map((slip) => (
                              <li key={slip.id}>
                                <Link to={`/delivery-slips/detail/${slip.id}`} prefetch="none">
                                  {slip.number}
                                </Link>{" "}
                                <span className="closing-table__slip">{t("closing.slip", slip)}</span>
                              </li>
                            ))}
                          </ul>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <fieldset className="field">
                <legend>{t("closing.lineMode")}</legend>
                {(["per_slip", "per_item"] as const).map((mode) => (
                  <label className="field__choice" key={mode}>
                    <input type="radio" name="line_mode" value={mode} defaultChecked={lineMode === mode} /> {t(`closing.lineModes.${mode}`)}
                  </label>
                ))}
              </fieldset>
              <p className="field__hint">{t("closing.draftNote")}</p>
              <div className="button-row">
                <button type="submit" name="intent" value="chosen" className="button">
                  {t("closing.createChosen")}
                </button>
                <button type="submit" name="intent" value="all" className="button button--secondary">
                  {t("closing.createAll")}
                </button>
              </div>
            </Form>
          )}
        </section>
      ) : null}
    </>
  );
}
