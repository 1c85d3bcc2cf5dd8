import { Form, Link, useActionData } from "@remix-run/react";
import { formatDateTimeJst } from "@domain/datetime";
import { FormErrors } from "~/components/forms/field-frame";
import { IgnoredFilters } from "~/components/lists/IgnoredFilters";
import { ListPaging, type ListLinks } from "~/components/lists/ListControls";
import { useTexts } from "~/components/texts";
import paymentsTexts from "~/locales/ja/paymentsStatements.json";
import type { StatementListItem, StatementsReply } from "~/routes/__payments/payments.server";

type Props = { statements: { items: StatementListItem[]; total: number; page: number; per_page: number }; ignored: string[] };

/** 入金消込's first page: take in a statement (a file, or from the bank) and see the statements taken in. */
export function StatementsPage({ statements, ignored }: Props) {
  const { t } = useTexts({ payments: paymentsTexts });
  const reply = useActionData<StatementsReply>();
  return (
    <>
      <h1>{t("payments.statements.heading")}</h1>
      <p>{t("payments.statements.intro")}</p>
      <p>
        <Link to="/billing/payments/unmatched" prefetch="none">
          {t("payments.statements.unmatchedLink")}
        </Link>
      </p>
      <IgnoredFilters names={ignored} />
      <FormErrors id="statement-errors" errors={reply ? [reply.message, ...reply.problems] : undefined} />
      <div className="statement-ways">
        <section className="card" aria-labelledby="statement-upload-heading">
          <h2 id="statement-upload-heading">{t("payments.statements.uploadHeading")}</h2>
          <Form method="post" encType="multipart/form-data">
            <div className="field">
              <label htmlFor="statement-file">{t("payments.statements.file")}</label>
              <input id="statement-file" type="file" name="file" accept=".txt,.dat,.csv,text/plain,text/csv" required aria-describedby="statement-file-hint" />
              <p id="statement-file-hint" className="field__hint">
                {t("payments.statements.fileHint")}
              </p>
            </div>
            <button type="submit" name="intent" value="file" className="button">
              {t("payments.statements.upload")}
            </button>
          </Form>
        </section>
        <section className="card" aria-labelledby="statement-bank-heading">
          <h2 id="statement-bank-heading">{t("payments.statements.bankHeading")}</h2>
          <p className="field__hint">{t("payments.statements.bankHint")}</p>
          <Form method="post">
            <button type="submit" name="intent" value="bank" className="button button--secondary">
              {t("payments.statements.bank")}
            </button>
          </Form>
        </section>
      </div>
      <section className="card" aria-labelledby="statement-list-heading">
        <h2 id="statement-list-heading">{t("payments.statements.listHeading")}</h2>
        {statements.items.length === 0 ? (
          <p>{t("payments.statements.empty")}</p>
        ) : (
          <div className="table-scroll">
            <table className="table table--list" data-testid="statement-rows">
              <thead>
                <tr>
                  <th scope="col">{t("payments.statements.columns.uploadedAt")}</th>
                  <th scope="col">{t("payments.statements.columns.fileName")}</th>
                  <th scope="col">{t("payments.statements.columns.format")}</th>
                  <th scope="col">{t("payments.statements.columns.lines")}</th>
                  <th scope="col">{t("payments.statements.columns.deposits")}</th>
                  <th scope="col">{t("payments.statements.columns.unmatched")}</th>
                  <th scope="col">{t("payments.statements.columns.problems")}</th>
                </tr>
              </thead>
              <tbody>
                {statements.items.map((item) => (
                  <tr key={item.id}>
                    <td className="table__nowrap">{formatDateTimeJst(item.uploaded_at)}</td>
                    <td>
                      <Link to={`/billing/payments/statements/${item.id}`} prefetch="none">
                        {item.file_name}
                      </Link>
                    </td>
                    <td className="table__nowrap">{t(`payments.statements.formats.${item.format}`)}</td>
                    <td className="table__number">{item.lines}</td>
                    <td className="table__number">{item.deposits}</td>
                    <td className="table__number">{item.unmatched}</td>
                    <td className="table__number">{item.problems}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <ListPaging links={pageLinks(statements.page)} total={statements.total} perPage={statements.per_page} placement="links" />
      </section>
    </>
  );
}

/** Paging links of a list with nothing to filter or sort: only `?page=`. */
export const pageLinks = (page: number): ListLinks<"none"> => ({ sort: "none", order: "desc", page, sortHref: () => "", pageHref: (to) => `?page=${to}` });
