import { Form, Link } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import receivedTexts from "~/locales/ja/received.json";
import { formatListDate } from "@domain/datetime";
import type { Code } from "@domain/codes";
import { formatYen } from "@domain/decimal-display";
import type { ReceivedSort } from "@domain/received-documents";
import { IgnoredFilters } from "~/components/lists/IgnoredFilters";
import { ListPaging, SortHeading, type ListLinks } from "~/components/lists/ListControls";
import { EncodingSelect } from "~/components/csv/EncodingSelect";
import type { ReceivedFilters } from "~/routes/__received/received-pages.server";
import type { ReceivedListPage as ReceivedListData } from "~/routes/__received/received.server";

type Props = {
  kind: string;
  kindLabel: string;
  base: string;
  filters: ReceivedFilters;
  ignored: string[];
  page: ReceivedListData;
  usage: { used: number; max: number };
  matchResults: readonly Code[];
  receiveFilters: readonly Code<string>[];
};

const EXPORTED = ["q", "supplier", "date_from", "date_to", "amount_min", "amount_max", "match_result", "filter", "deleted"] as const;

function urlWith(path: string, filters: ReceivedFilters, change: Partial<ReceivedFilters>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filters, page: "", ...change })) if (value) params.set(name, value);
  return `${path}?${params}`;
}

/**
 * A received kind's list: 電子帳簿保存法's three keys (取引年月日, 金額, 取引先)
 * searchable together as a GET form, with result, link filter and free text;
 * the list shows the three keys and the verification of each document.
 */
export function ReceivedListPage({ kind, kindLabel, base, filters, ignored, page, usage, matchResults, receiveFilters }: Props) {
  const { t } = useTexts({ received: receivedTexts });
  const links: ListLinks<ReceivedSort> = {
    sort: (filters.sort || "transaction_date") as ReceivedSort,
    order: filters.order === "asc" ? "asc" : "desc",
    page: Number(filters.page) || 1,
    sortHref: (sort, order) => urlWith(base, filters, { sort, order }),
    pageHref: (pageNumber) => urlWith(base, filters, { page: String(pageNumber) }),
  };
  const paging = { links, total: page.total, perPage: page.per_page };
  const heading = (key: ReceivedSort, label: string) => <SortHeading links={links} sort={key} label={label} />;
  const resultLabel = (id: number | null) => (id === null ? t("received.noNumber") : (matchResults.find((result) => result.id === id)?.label ?? String(id)));
  const field = (name: "q" | "supplier" | "date_from" | "date_to" | "amount_min" | "amount_max", type: "search" | "date" | "text") => (
    <div className="field">
      <label htmlFor={`received-${name}`}>{t(`received.filterNames.${name}`)}</label>
      <input id={`received-${name}`} type={type} name={name} defaultValue={filters[name]} inputMode={name.startsWith("amount") ? "numeric" : undefined} />
    </div>
  );

  return (
    <>
      <h1>{kindLabel}</h1>
      <p>
        <Link to={`${base}/create`} className="button" prefetch="none">
          {t("received.new")}
        </Link>{" "}
        <span data-testid="received-usage">{t("received.usage", { used: usage.used, max: usage.max })}</span>
      </p>
      {kind === "invoice" ? (
        // Digital invoices sent to the company's Peppol ID wait at the access point until taken (decision 045).
        <Form method="post" className="document-actions">
          <button type="submit" name="intent" value="peppol-inbox" className="button button--secondary">
            {t("received.peppolInbox.take")}
          </button>{" "}
          <span className="field__hint">{t("received.peppolInbox.hint")}</span>
        </Form>
      ) : null}
      <IgnoredFilters names={ignored} />
      <Form method="get" className="card document-filters" role="search" aria-label={t("received.filters")}>
        <div className="document-filters__row">
          {field("date_from", "date")}
          {field("date_to", "date")}
          {field("amount_min", "text")}
          {field("amount_max", "text")}
          {field("supplier", "search")}
        </div>
        <div className="document-filters__row">
          {field("q", "search")}
          <div className="field">
            <label htmlFor="received-match_result">{t("received.filterNames.match_result")}</label>
            <select id="received-match_result" name="match_result" defaultValue={filters.match_result}>
              <option value="">{t("received.any")}</option>
              {matchResults.map((result) => (
                <option key={result.id} value={String(result.id)}>
                  {result.label}
                </option>
              ))}
              <option value="none">{t("received.noNumber")}</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="received-filter">{t("received.filterNames.filter")}</label>
            <select id="received-filter" name="filter" defaultValue={filters.filter}>
              <option value="">{t("received.any")}</option>
              {receiveFilters.map((filter) => (
                <option key={filter.id} value={filter.id}>
                  {filter.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="received-deleted">{t("received.filterNames.deleted")}</label>
            <select id="received-deleted" name="deleted" defaultValue={filters.deleted || "exclude"}>
              {(["exclude", "include", "only"] as const).map((value) => (
                <option key={value} value={value}>
                  {t(`received.deletedOptions.${value}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button">
            {t("received.search")}
          </button>
        </div>
        <input type="hidden" name="sort" value={filters.sort} />
        <input type="hidden" name="order" value={filters.order} />
      </Form>
      <Form method="get" action={`${base}/export`} reloadDocument className="card search-form" aria-label={t("received.export.heading")}>
        {EXPORTED.map((name) => (filters[name] ? <input key={name} type="hidden" name={name} value={filters[name]} /> : null))}
        <EncodingSelect id="received-export-encoding" />
        <button type="submit" className="button button--secondary">
          {t("received.export.button")}
        </button>
      </Form>
      {page.items.length === 0 ? (
        <p className="card">{t("received.none")}</p>
      ) : (
        <>
          <p>
            <ListPaging {...paging} placement="count" /> <strong data-testid="received-sum">{t("received.sum", { amount: formatYen(page.sum) })}</strong>
          </p>
          {/* Between the cards (below 480 px) and the width with the side menu, the table scrolls in its own box. */}
          <div className="table-scroll">
            <table className="table document-list" data-testid="received-documents">
              <thead>
                <tr>
                  {heading("transaction_date", t("received.columns.transaction_date"))}
                  {heading("supplier", t("received.columns.supplier"))}
                  {heading("amount", t("received.columns.amount"))}
                  <th scope="col">{t("received.columns.registration_number")}</th>
                  <th scope="col">{t("received.columns.match_result")}</th>
                  <th scope="col" className="document-list__optional">
                    {t("received.columns.credit")}
                  </th>
                  <th scope="col" className="document-list__optional">
                    {t("received.columns.document_number")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((row) => (
                  <tr key={row.id}>
                    <td className="table__nowrap">
                      <Link to={`${base}/detail/${row.id}`} prefetch="none">
                        {formatListDate(row.transaction_date)}
                      </Link>
                      {row.deleted_at ? ` (${t("received.deletedMark")})` : ""}
                    </td>
                    <td>
                      <span className="table__name" title={row.supplier_name}>
                        {row.supplier_name}
                      </span>
                    </td>
                    <td className="table__number">{formatYen(row.amount)}</td>
                    <td className="table__nowrap">{row.registration_number ?? ""}</td>
                    <td className="table__nowrap" data-testid="match-result">{resultLabel(row.match_result)}</td>
                    <td className="document-list__optional">{row.credit_rate === 100 ? t("received.qualified") : row.credit_rate === null ? "" : t("received.creditRate", { rate: row.credit_rate })}</td>
                    <td className="document-list__optional table__nowrap">{row.document_number ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ListPaging {...paging} placement="links" />
        </>
      )}
    </>
  );
}
