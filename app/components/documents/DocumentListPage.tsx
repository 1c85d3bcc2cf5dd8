import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { mailStatusLabel } from "@domain/mail-status";
import type { Code } from "@domain/codes";
import { formatDecimal } from "@domain/decimal";
import { DOCUMENT_KINDS, type DocumentKind } from "@domain/document-kinds";
import { DOCUMENT_PATHS, statusLabel, VOIDED_FILTERS, type DOCUMENT_SORTS } from "@domain/documents";
import { ListPaging, SortHeading, type ListLinks } from "~/components/lists/ListControls";
import { EncodingSelect } from "~/components/csv/EncodingSelect";
import type { DocumentPage } from "~/services/documents.server";

type Filters = Record<"q" | "status" | "issued_from" | "issued_to" | "amount_min" | "amount_max" | "voided" | "sort" | "order" | "page", string>;

/** The date and amount ranges: a date picker for dates, text for amounts so 「1,000」 can be typed. */
const RANGE_FILTERS = [
  { name: "issued_from", type: "date" },
  { name: "issued_to", type: "date" },
  { name: "amount_min", type: "text" },
  { name: "amount_max", type: "text" },
] as const;

type SortKey = (typeof DOCUMENT_SORTS)[number];

function urlWith(path: string, filters: Filters, change: Partial<Filters>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filters, page: "", ...change })) if (value) params.set(name, value);
  return `${path}?${params}`;
}

function StatusOptions({ statuses, empty }: { statuses: readonly Code[]; empty: string }) {
  return (
    <>
      <option value="">{empty}</option>
      {statuses.map((status) => (
        <option key={status.id} value={String(status.id)}>
          {status.label}
        </option>
      ))}
    </>
  );
}

/** A kind's list: filters as a GET form, sortable headings, 50 a page, the filtered total and a bulk status change. */
export function DocumentListPage({ kind, filters, ignored, page, statuses }: { kind: DocumentKind; filters: Filters; ignored: string[]; page: DocumentPage; statuses: readonly Code[] }) {
  const { t } = useTranslation();
  const { base, list } = DOCUMENT_PATHS[kind];
  const kindLabel = DOCUMENT_KINDS.find((entry) => entry.id === kind)!.label;
  const links: ListLinks<SortKey> = {
    sort: (filters.sort || "issue_date") as SortKey,
    order: filters.order === "asc" ? "asc" : "desc",
    page: Number(filters.page) || 1,
    sortHref: (sort, order) => urlWith(list, filters, { sort, order }),
    pageHref: (pageNumber) => urlWith(list, filters, { page: String(pageNumber) }),
  };
  const paging = { links, total: page.total, perPage: page.per_page };
  const heading = (key: SortKey) => <SortHeading links={links} sort={key} label={t(`documents.columns.${key}`)} />;

  return (
    <>
      <h1>{kindLabel}</h1>
      <p>
        <Link to={`${base}/create`} className="button" prefetch="none">
          {t("documents.new")}
        </Link>
      </p>
      {ignored.length > 0 ? (
        <p className="card form-errors" role="alert">
          {t("documents.ignoredFilters", { names: ignored.map((name) => t(`documents.filterNames.${name as "status"}`)).join("、") })}
        </p>
      ) : null}
      <Form method="get" className="card document-filters" role="search" aria-label={t("documents.filters")}>
        <div className="field">
          <label htmlFor="document-q">{t("documents.searchLabel")}</label>
          <input id="document-q" type="search" name="q" defaultValue={filters.q} />
        </div>
        <div className="field">
          <label htmlFor="document-status">{t("documents.filterNames.status")}</label>
          <select id="document-status" name="status" defaultValue={filters.status}>
            <StatusOptions statuses={statuses} empty={t("documents.anyStatus")} />
          </select>
        </div>
        {RANGE_FILTERS.map(({ name, type }) => (
          <div className="field" key={name}>
            <label htmlFor={`document-${name}`}>{t(`documents.filterNames.${name}`)}</label>
            <input id={`document-${name}`} type={type} inputMode={type === "text" ? "numeric" : undefined} name={name} defaultValue={filters[name]} />
          </div>
        ))}
        <div className="field">
          <label htmlFor="document-voided">{t("documents.filterNames.voided")}</label>
          <select id="document-voided" name="voided" defaultValue={filters.voided || "exclude"}>
            {VOIDED_FILTERS.map((value) => (
              <option key={value} value={value}>
                {t(`documents.voidedOptions.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <input type="hidden" name="sort" value={filters.sort} />
        <input type="hidden" name="order" value={filters.order} />
        <button type="submit" className="button">
          {t("documents.search")}
        </button>
      </Form>
      <Form method="get" action={`${base}/export`} reloadDocument className="card search-form" aria-label={t("documents.export.heading")}>
        {(["q", "status", "issued_from", "issued_to", "amount_min", "amount_max", "voided"] as const).map((name) =>
          filters[name] ? <input key={name} type="hidden" name={name} value={filters[name]} /> : null,
        )}
        <label htmlFor="export-content">{t("documents.export.content")}</label>
        <select id="export-content" name="content" defaultValue="documents">
          <option value="documents">{t("documents.export.documents")}</option>
          <option value="lines">{t("documents.export.lines")}</option>
        </select>
        <EncodingSelect id="export-encoding" />
        <button type="submit" className="button button--secondary">
          {t("documents.export.button")}
        </button>
      </Form>
      {page.items.length === 0 ? (
        <p className="card">{t("documents.noDocuments")}</p>
      ) : (
        <Form method="post">
          <p>
            <ListPaging {...paging} placement="count" /> <strong data-testid="documents-sum">{t("documents.sum", { amount: `${formatDecimal(page.sum.tax_included)}円` })}</strong>
          </p>
          <table className="table" data-testid="documents">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{t("documents.selectAll")}</span>
                </th>
                {heading("number")}
                {heading("issue_date")}
                {heading("customer")}
                <th scope="col">{t("documents.columns.subject")}</th>
                {heading("amount")}
                {heading("status")}
                <th scope="col">{t("documents.columns.mail")}</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((document) => (
                <tr key={document.id}>
                  <td>
                    <input type="checkbox" name="ids" value={String(document.id)} aria-label={t("documents.select", { number: document.number })} />
                  </td>
                  <td>
                    <Link to={`${base}/detail/${document.id}`} prefetch="none">
                      {document.number}
                    </Link>
                    {document.voided_at ? ` (${t("documents.voidedMark")})` : document.issued_at ? "" : ` (${t("documents.draft")})`}
                  </td>
                  <td>{document.issue_date}</td>
                  <td>
                    {document.customer_name} {document.customer_honorific}
                  </td>
                  <td>{document.subject}</td>
                  <td className="table__number">{formatDecimal(document.tax_included)}円</td>
                  <td>{statusLabel(kind, document.status)}</td>
                  <td data-testid="list-mail-status">{document.mail_status ? mailStatusLabel(document.mail_status) : ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="search-form">
            <label htmlFor="bulk-status">{t("documents.bulkStatus")}</label>
            <select id="bulk-status" name="status" defaultValue="">
              <StatusOptions statuses={statuses} empty={t("documents.none")} />
            </select>
            <button type="submit" className="button button--secondary">
              {t("documents.changeStatus")}
            </button>
          </div>
          <ListPaging {...paging} placement="links" />
        </Form>
      )}
    </>
  );
}
