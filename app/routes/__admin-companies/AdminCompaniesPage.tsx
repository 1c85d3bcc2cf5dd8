import { Form, Link } from "@remix-run/react";
import type { Code } from "@domain/codes";
import type { AdminCompanySort } from "@domain/admin";
import { formatListDate } from "@domain/datetime";
import { EncodingSelect } from "~/components/csv/EncodingSelect";
import { IgnoredFilters } from "~/components/lists/IgnoredFilters";
import { ListPaging, SortHeading, type ListLinks } from "~/components/lists/ListControls";
import { useTexts } from "~/components/texts";
import adminCompaniesTexts from "~/locales/ja/adminCompanies.json";
import { adminCompanies as title } from "~/locales/ja/titlesPages.json";
import type { AdminCompanyFilters, AdminCompanyRow } from "~/routes/__admin-companies/admin-companies.server";

type Props = {
  bankName: string;
  filters: AdminCompanyFilters;
  ignored: string[];
  page: { items: AdminCompanyRow[]; total: number; page: number; per_page: number; sort: string; order: "asc" | "desc" };
  options: {
    plans: Array<{ plan_id: number; plan_name: string }>;
    branches: Array<{ bank_code: string; branch_code: string; name: string }>;
    banks: Array<{ bank_code: string; name: string }>;
  };
  statuses: readonly Code<string>[];
  canExport: boolean;
};

const BASE = "/admin/companies/list";
const EXPORTED = ["q", "plan_id", "status", "bank_code", "branch_code", "joined_from", "joined_to"] as const;

function urlWith(filters: AdminCompanyFilters, change: Partial<AdminCompanyFilters>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filters, page: "", ...change })) if (value) params.set(name, value);
  return `${BASE}?${params}`;
}

export const companyDetailPath = (code: string, joinDate: string) => `/admin/companies/detail/${encodeURIComponent(code)}/${joinDate}`;

/** The bank's companies: searched, filtered and sorted on the server as a GET form, 50 a page, with CSV export. */
export function AdminCompaniesPage({ bankName, filters, ignored, page, options, statuses, canExport }: Props) {
  const { t } = useTexts({ adminCompanies: adminCompaniesTexts });
  const links: ListLinks<AdminCompanySort> = {
    sort: page.sort as AdminCompanySort,
    order: page.order,
    page: page.page,
    sortHref: (sort, order) => urlWith(filters, { sort, order }),
    pageHref: (pageNumber) => urlWith(filters, { page: String(pageNumber) }),
  };
  const paging = { links, total: page.total, perPage: page.per_page };
  const heading = (key: AdminCompanySort, label: string) => <SortHeading links={links} sort={key} label={label} />;
  const select = (name: "plan_id" | "status" | "bank_code" | "branch_code", choices: Array<{ value: string; label: string }>) => (
    <div className="field">
      <label htmlFor={`admin-companies-${name}`}>{t(`adminCompanies.filterNames.${name}`)}</label>
      <select id={`admin-companies-${name}`} name={name} defaultValue={filters[name]}>
        <option value="">{t("adminCompanies.any")}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
  const showBank = options.banks.length > 0;
  const branchLabel = (branch: { bank_code: string; name: string }) =>
    showBank ? `${options.banks.find((bank) => bank.bank_code === branch.bank_code)?.name ?? branch.bank_code} ${branch.name}` : branch.name;

  return (
    <>
      <h1>{title}</h1>
      <p>{t("adminCompanies.lead", { bank: bankName })}</p>
      <IgnoredFilters names={ignored} />
      <Form method="get" className="card document-filters" role="search" aria-label={t("adminCompanies.filters")}>
        <div className="document-filters__row">
          <div className="field">
            <label htmlFor="admin-companies-q">{t("adminCompanies.filterNames.q")}</label>
            <input id="admin-companies-q" type="search" name="q" defaultValue={filters.q} />
          </div>
          {select(
            "plan_id",
            options.plans.map((plan) => ({ value: String(plan.plan_id), label: plan.plan_name })),
          )}
          {select(
            "status",
            statuses.map((status) => ({ value: status.id, label: status.label })),
          )}
          {showBank
            ? select(
                "bank_code",
                options.banks.map((bank) => ({ value: bank.bank_code, label: `${bank.bank_code} ${bank.name}` })),
              )
            : null}
          {options.branches.length > 1
            ? select(
                "branch_code",
                options.branches.map((branch) => ({ value: branch.branch_code, label: `${branch.branch_code} ${branchLabel(branch)}` })),
              )
            : null}
        </div>
        <div className="document-filters__row">
          <div className="field">
            <label htmlFor="admin-companies-joined_from">{t("adminCompanies.filterNames.joined_from")}</label>
            <input id="admin-companies-joined_from" type="date" name="joined_from" defaultValue={filters.joined_from} />
          </div>
          <div className="field">
            <label htmlFor="admin-companies-joined_to">{t("adminCompanies.filterNames.joined_to")}</label>
            <input id="admin-companies-joined_to" type="date" name="joined_to" defaultValue={filters.joined_to} />
          </div>
          <button type="submit" className="button">
            {t("adminCompanies.search")}
          </button>
        </div>
        <input type="hidden" name="sort" value={filters.sort} />
        <input type="hidden" name="order" value={filters.order} />
      </Form>
      {canExport ? (
        <Form method="get" action="/admin/companies/export" reloadDocument className="card search-form" aria-label={t("adminCompanies.export.heading")}>
          {EXPORTED.map((name) => (filters[name] ? <input key={name} type="hidden" name={name} value={filters[name]} /> : null))}
          <EncodingSelect id="admin-companies-export-encoding" />
          <button type="submit" className="button button--secondary">
            {t("adminCompanies.export.button")}
          </button>
        </Form>
      ) : null}
      {page.items.length === 0 ? (
        <p className="card">{t("adminCompanies.none")}</p>
      ) : (
        <>
          <p>
            <ListPaging {...paging} placement="count" />
          </p>
          {/* Between the cards (below 480 px) and the width with the side menu, the table scrolls in its own box. */}
          <div className="table-scroll">
            <table className="table document-list" data-testid="admin-companies">
              <thead>
                <tr>
                  {heading("name", t("adminCompanies.columns.name"))}
                  {heading("code", t("adminCompanies.columns.code"))}
                  {heading("branch", t("adminCompanies.columns.branch"))}
                  {heading("plan", t("adminCompanies.columns.plan"))}
                  <th scope="col">{t("adminCompanies.columns.status")}</th>
                  {heading("join_date", t("adminCompanies.columns.join_date"))}
                  <th scope="col" className="document-list__optional">
                    {t("adminCompanies.columns.start_date")}
                  </th>
                  <th scope="col" className="document-list__optional">
                    {t("adminCompanies.columns.end_date")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((row) => (
                  <tr key={row.company_unique_code}>
                    <td>
                      <Link to={companyDetailPath(row.company_unique_code, row.join_date)} prefetch="none" className="table__name" title={row.company_name}>
                        {row.company_name}
                      </Link>
                    </td>
                    <td className="table__nowrap">{row.company_unique_code}</td>
                    <td>{[showBank ? row.bank_name : null, row.branch_name ?? row.branch_code].filter(Boolean).join(" ")}</td>
                    <td>{row.plan_name ?? row.plan_id}</td>
                    <td className="table__nowrap" data-testid="admin-company-status">
                      {row.status_label}
                    </td>
                    <td className="table__nowrap">{formatListDate(row.join_date)}</td>
                    <td className="document-list__optional table__nowrap">{row.start_date ? formatListDate(row.start_date) : ""}</td>
                    <td className="document-list__optional table__nowrap">
                      {row.withdrawal_date ? formatListDate(row.withdrawal_date) : row.end_date ? formatListDate(row.end_date) : ""}
                    </td>
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
