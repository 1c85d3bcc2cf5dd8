import { Form, Link, useSearchParams } from "@remix-run/react";
import type { ChangeEvent } from "react";
import { useTexts } from "~/components/texts";
import documentsListTexts from "~/locales/ja/documentsList.json";
import documentsSharedTexts from "~/locales/ja/documentsShared.json";
import { formatListDate } from "@domain/datetime";
import type { Code } from "@domain/codes";
import { formatDecimal } from "@domain/decimal-display";
import type { DOCUMENT_SORTS, VOIDED_FILTERS } from "@domain/documents";
import type { MailDisplayStatus } from "@domain/mail-status";
import { IgnoredFilters } from "~/components/lists/IgnoredFilters";
import { ListPaging, SortHeading, type ListLinks } from "~/components/lists/ListControls";
import { EncodingSelect } from "~/components/csv/EncodingSelect";
import { useHydrated } from "~/components/hydrated";
import type { DocumentListPage as DocumentListData } from "~/routes/__documents/documents.server";

type Filters = Record<"q" | "status" | "issued_from" | "issued_to" | "amount_min" | "amount_max" | "voided" | "sort" | "order" | "page", string>;

/** The period in the filter bar's one row: a date picker each. */
const PERIOD_FILTERS = ["issued_from", "issued_to"] as const;

/** Amounts behind 「詳細条件」: text, so 「1,000」 can be typed. */
const AMOUNT_FILTERS = ["amount_min", "amount_max"] as const;

/** The filters that narrow the list, in the order their chips show. */
const CHIP_FILTERS = ["q", "status", ...PERIOD_FILTERS, ...AMOUNT_FILTERS, "voided"] as const;

/** The query parameter of the JavaScript-off select-all: the list again with every row checked. */
const SELECT_ALL_PARAM = "select";

type SortKey = (typeof DOCUMENT_SORTS)[number];

function urlWith(path: string, filters: Filters, change: Partial<Filters & { [SELECT_ALL_PARAM]: string }>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filters, page: "", ...change })) if (value) params.set(name, value);
  return `${path}?${params}`;
}

/** Checks or clears every row's box in the header checkbox's form (JavaScript on). */
function toggleRows(event: ChangeEvent<HTMLInputElement>) {
  const { checked, form } = event.currentTarget;
  form?.querySelectorAll<HTMLInputElement>('input[name="ids"]').forEach((box) => {
    box.checked = checked;
  });
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

type Props = {
  kindLabel: string;
  paths: { base: string; list: string };
  filters: Filters;
  ignored: string[];
  page: DocumentListData;
  /** Why the page is empty when the filters say so (the loader decides). */
  emptyBecause: "reversedPeriod" | "pastEnd" | null;
  statuses: readonly Code[];
  /** What the bulk change offers: 入金済 follows the payments and is not set by hand. */
  settableStatuses: readonly Code[];
  voidedFilters: typeof VOIDED_FILTERS;
  mailLabels: Record<MailDisplayStatus, string>;
};

/**
 * A kind's list: filters as a GET form, sortable headings, 50 a page, the filtered total and a bulk status change.
 * Labels, paths and options come from the loader, so the page does not load the kinds' code lists.
 */
export function DocumentListPage({ kindLabel, paths: { base, list }, filters, ignored, page, emptyBecause, statuses, settableStatuses, voidedFilters, mailLabels }: Props) {
  const { t } = useTexts({ documents: { ...documentsListTexts, ...documentsSharedTexts } });
  const links: ListLinks<SortKey> = {
    sort: (filters.sort || "issue_date") as SortKey,
    order: filters.order === "asc" ? "asc" : "desc",
    page: Number(filters.page) || 1,
    sortHref: (sort, order) => urlWith(list, filters, { sort, order }),
    pageHref: (pageNumber) => urlWith(list, filters, { page: String(pageNumber) }),
  };
  const paging = { links, total: page.total, perPage: page.per_page };
  const lastPage = Math.max(1, Math.ceil(page.total / page.per_page));
  const heading = (key: SortKey) => <SortHeading links={links} sort={key} label={t(`documents.columns.${key}`)} />;
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const allSelected = searchParams.get(SELECT_ALL_PARAM) === "all";
  // 「詳細条件」 opens by itself when one of the filters inside it narrows the list.
  const moreActive = Boolean(filters.amount_min || filters.amount_max || (filters.voided && filters.voided !== "exclude"));
  const chipValue = (name: (typeof CHIP_FILTERS)[number]) => {
    if (name === "status") return statuses.find((status) => String(status.id) === filters.status)?.label ?? filters.status;
    if (name === "voided") return filters.voided === "exclude" ? "" : t(`documents.voidedOptions.${filters.voided as "include"}`);
    if (name === "issued_from" || name === "issued_to") return formatListDate(filters[name]);
    return filters[name];
  };
  const chips = CHIP_FILTERS.filter((name) => filters[name] && chipValue(name)).map((name) => ({
    name,
    label: name === "q" ? t("documents.searchLabel") : t(`documents.filterNames.${name}`),
    value: chipValue(name),
  }));

  return (
    <>
      <h1>{kindLabel}</h1>
      <p>
        <Link to={`${base}/create`} className="button" prefetch="none">
          {t("documents.new")}
        </Link>
      </p>
      <IgnoredFilters names={ignored} />
      <Form method="get" className="card document-filters" role="search" aria-label={t("documents.filters")}>
        <div className="document-filters__row">
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
          {PERIOD_FILTERS.map((name) => (
            <div className="field" key={name}>
              <label htmlFor={`document-${name}`}>{t(`documents.filterNames.${name}`)}</label>
              <input id={`document-${name}`} type="date" name={name} defaultValue={filters[name]} />
            </div>
          ))}
          <button type="submit" className="button">
            {t("documents.search")}
          </button>
        </div>
        <details className="document-filters__more" open={moreActive}>
          <summary>{t("documents.moreFilters")}</summary>
          <div className="document-filters__row">
            {AMOUNT_FILTERS.map((name) => (
              <div className="field" key={name}>
                <label htmlFor={`document-${name}`}>{t(`documents.filterNames.${name}`)}</label>
                <input id={`document-${name}`} type="text" inputMode="numeric" name={name} defaultValue={filters[name]} />
              </div>
            ))}
            <div className="field">
              <label htmlFor="document-voided">{t("documents.filterNames.voided")}</label>
              <select id="document-voided" name="voided" defaultValue={filters.voided || "exclude"}>
                {voidedFilters.map((value) => (
                  <option key={value} value={value}>
                    {t(`documents.voidedOptions.${value}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </details>
        <input type="hidden" name="sort" value={filters.sort} />
        <input type="hidden" name="order" value={filters.order} />
      </Form>
      {chips.length > 0 ? (
        <ul className="filter-chips" aria-label={t("documents.activeFilters")} data-testid="filter-chips">
          {chips.map(({ name, label, value }) => (
            <li key={name} className="filter-chip">
              {t("documents.chip", { name: label, value })}
              <Link to={urlWith(list, filters, { [name]: "" })} prefetch="none" className="filter-chip__remove" aria-label={t("documents.removeFilter", { name: label })}>
                ×
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
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
      {emptyBecause === "reversedPeriod" ? (
        <p className="card" data-testid="documents-empty">
          {t("documents.emptyBecause.reversedPeriod")}{" "}
          <Link to={urlWith(list, filters, { issued_from: filters.issued_to, issued_to: filters.issued_from })} prefetch="none">
            {t("documents.emptyBecause.swapPeriod")}
          </Link>
        </p>
      ) : emptyBecause === "pastEnd" ? (
        <p className="card" data-testid="documents-empty">
          {t("documents.emptyBecause.pastEnd", { page: links.page, total: page.total, last: lastPage })}{" "}
          <Link to={links.pageHref(lastPage)} prefetch="none">
            {t("documents.emptyBecause.lastPage", { last: lastPage })}
          </Link>
        </p>
      ) : page.items.length === 0 ? (
        <p className="card">{t("documents.noDocuments")}</p>
      ) : (
        <Form method="post">
          <p>
            <ListPaging {...paging} placement="count" /> <strong data-testid="documents-sum">{t("documents.sum", { amount: `${formatDecimal(page.sum.tax_included)}円` })}</strong>
            {/* Every page of the filtered set, drafts included, and voided documents only when the filter shows them. */}
            <span className="field__hint" data-testid="documents-sum-covers">
              {" "}
              {t(`documents.sumCovers.${(filters.voided || "exclude") as "exclude"}`, { count: page.total })}
            </span>
          </p>
          {/* Between the cards (below 480 px) and the width with the side menu (1025 px), the table scrolls in its own box. */}
          <div className="table-scroll">
            <table className="table document-list" data-testid="documents">
              <thead>
                <tr>
                  <th scope="col" className="document-list__select">
                    {hydrated ? (
                      <input type="checkbox" aria-label={t("documents.selectAll")} onChange={toggleRows} defaultChecked={allSelected} data-testid="select-all" />
                    ) : (
                      <Link to={urlWith(list, filters, { page: filters.page, [SELECT_ALL_PARAM]: allSelected ? "" : "all" })} prefetch="none" data-testid="select-all">
                        {allSelected ? t("documents.clearSelection") : t("documents.selectAll")}
                      </Link>
                    )}
                  </th>
                  {heading("number")}
                  {heading("issue_date")}
                  {heading("customer")}
                  <th scope="col" className="document-list__optional">
                    {t("documents.columns.subject")}
                  </th>
                  {heading("amount")}
                  {heading("status")}
                  <th scope="col" className="document-list__optional">
                    {t("documents.columns.mail")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((document) => (
                  <tr key={document.id}>
                    <td className="document-list__select">
                      <input type="checkbox" name="ids" value={String(document.id)} aria-label={t("documents.select", { number: document.number })} defaultChecked={allSelected} />
                    </td>
                    <td className="document-list__number">
                      <Link to={`${base}/detail/${document.id}`} prefetch="none">
                        {document.number}
                      </Link>
                      {document.state === "voided" ? ` (${t("documents.voidedMark")})` : document.state === "issued" ? "" : ` (${t("documents.draft")})`}
                    </td>
                    <td className="document-list__date">{formatListDate(document.issue_date)}</td>
                    <td className="document-list__customer">
                      <span className="table__name" title={document.customer_name}>
                        {document.customer_name}
                      </span>{" "}
                      {document.customer_honorific}
                    </td>
                    <td className="document-list__subject">{document.subject}</td>
                    <td className="table__number document-list__amount">{formatDecimal(document.tax_included)}円</td>
                    <td className="document-list__status">{statuses.find((status) => status.id === document.status)?.label ?? document.status}</td>
                    <td className="document-list__mail" data-testid="list-mail-status">{document.mail_status ? mailLabels[document.mail_status] : ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="search-form">
            <label htmlFor="bulk-status">{t("documents.bulkStatus")}</label>
            <select id="bulk-status" name="status" defaultValue="">
              <StatusOptions statuses={settableStatuses} empty={t("documents.none")} />
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
