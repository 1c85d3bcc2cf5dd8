import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDateTimeJst } from "@domain/datetime";
import { titleMeta } from "~/meta";
import { requireCompanyCaller } from "~/services/api-caller.server";
import { CUSTOMER_SORTS, listCustomers, type CustomerListQuery } from "~/services/customers.server";

export const handle = { i18n: ["common"], screenName: "customers-list" };

export const meta = titleMeta("customers");

function queryOf(url: URL): CustomerListQuery {
  const sort = url.searchParams.get("sort");
  const page = Number(url.searchParams.get("page"));
  return {
    q: (url.searchParams.get("q") ?? "").slice(0, 100),
    sort: CUSTOMER_SORTS.includes(sort as CustomerListQuery["sort"]) ? (sort as CustomerListQuery["sort"]) : "kana",
    order: url.searchParams.get("order") === "desc" ? "desc" : "asc",
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "customers-list");
  const query = queryOf(new URL(request.url));
  return { query, result: await listCustomers(caller, query) };
}

/** A list URL with some of the query changed; page goes back to 1 unless given. */
function listUrl(query: CustomerListQuery, change: Partial<CustomerListQuery>) {
  const next = { ...query, page: 1, ...change };
  const params = new URLSearchParams({ q: next.q, sort: next.sort, order: next.order, page: String(next.page) });
  return `/customers/list?${params}`;
}

export default function CustomersListPage() {
  const { t } = useTranslation();
  const { query, result } = useLoaderData<typeof loader>();
  const from = result.total === 0 ? 0 : (result.page - 1) * result.per_page + 1;
  const to = Math.min(result.total, result.page * result.per_page);
  /** A column heading that sorts by it, the other way round when it already does. */
  const SortHeading = ({ sort, label }: { sort: CustomerListQuery["sort"]; label: string }) => {
    const active = query.sort === sort;
    const order = active && query.order === "asc" ? "desc" : "asc";
    return (
      <th scope="col" aria-sort={active ? (query.order === "asc" ? "ascending" : "descending") : undefined}>
        <Link to={listUrl(query, { sort, order })} prefetch="none">
          {label}
          {active ? (query.order === "asc" ? " ▲" : " ▼") : ""}
        </Link>
      </th>
    );
  };

  return (
    <>
      <h1>{t("titles.customers")}</h1>
      <p>
        <Link to="/customers/create" className="button" prefetch="none">
          {t("customer.new")}
        </Link>
      </p>
      <Form method="get" className="card search-form" role="search">
        <label htmlFor="customer-search">{t("customer.searchLabel")}</label>
        <input id="customer-search" type="search" name="q" defaultValue={query.q} key={query.q} />
        <input type="hidden" name="sort" value={query.sort} />
        <input type="hidden" name="order" value={query.order} />
        <button type="submit" className="button">
          {t("customer.search")}
        </button>
      </Form>
      {result.items.length === 0 ? (
        <p className="card">{t("customer.none")}</p>
      ) : (
        <>
          <p>{t("customer.count", { total: result.total, from, to })}</p>
          <table className="table" data-testid="customers">
            <thead>
              <tr>
                <SortHeading sort="name" label={t("customer.fields.name")} />
                <SortHeading sort="kana" label={t("customer.fields.name_kana")} />
                <th scope="col">{t("customer.fields.tel")}</th>
                <SortHeading sort="updated" label={t("customer.fields.updated_at")} />
              </tr>
            </thead>
            <tbody>
              {result.items.map((customer) => (
                <tr key={customer.id}>
                  <td>
                    <Link to={`/customers/edit/${customer.id}`} prefetch="none">
                      {customer.name}
                    </Link>{" "}
                    {customer.honorific}
                  </td>
                  <td>{customer.name_kana}</td>
                  <td>{customer.tel}</td>
                  <td>{formatDateTimeJst(customer.updated_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav className="pagination" aria-label={t("customer.count", { total: result.total, from, to })}>
            {result.page > 1 ? (
              <Link to={listUrl(query, { page: result.page - 1 })} prefetch="none">
                {t("customer.previous")}
              </Link>
            ) : null}{" "}
            {to < result.total ? (
              <Link to={listUrl(query, { page: result.page + 1 })} prefetch="none">
                {t("customer.next")}
              </Link>
            ) : null}
          </nav>
        </>
      )}
    </>
  );
}
