import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import csvLinkTexts from "~/locales/ja/csvLink.json";
import customerTexts from "~/locales/ja/customer.json";
import { customers as customersTitle } from "~/locales/ja/titlesMasters.json";
import { formatDateTimeJst } from "@domain/datetime";
import { ListPaging, ListSearch, listQueryLinks, SortHeading } from "~/components/lists/ListControls";
import { listQueryOf } from "~/components/lists/list-query";
import { titleMeta } from "~/meta";
import { requireCompanyCaller } from "~/services/api-caller.server";
import { CUSTOMER_SORTS, listCustomers } from "~/routes/__customers/customers.server";
import type { RouteHandle } from "~/route-handle";

export const handle = { i18n: ["common"], screenName: "customers-list", hydrate: false } satisfies RouteHandle;

export const meta = titleMeta(customersTitle);

const PATH = "/customers/list";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "customers-list");
  const query = listQueryOf(new URL(request.url), CUSTOMER_SORTS, "kana");
  return { query, result: await listCustomers(caller, query) };
}

export default function CustomersListPage() {
  const { t } = useTexts({ csv: csvLinkTexts, customer: customerTexts, titles: { customers: customersTitle } });
  const { query, result } = useLoaderData<typeof loader>();
  const links = listQueryLinks(PATH, query);
  const paging = { links, total: result.total, perPage: result.per_page };

  return (
    <>
      <h1>{t("titles.customers")}</h1>
      <p>
        <Link to="/customers/create" className="button" prefetch="none">
          {t("customer.new")}
        </Link>{" "}
        <Link to="/customers/csv" prefetch="none">
          {t("csv.link")}
        </Link>
      </p>
      <ListSearch id="customer-search" label={t("customer.searchLabel")} query={query} />
      {result.items.length === 0 ? (
        <p className="card">{t("customer.none")}</p>
      ) : (
        <>
          <p>
            <ListPaging {...paging} placement="count" />
          </p>
          {/* Between the cards (below 480 px) and the width with the side menu, the table scrolls in its own box. */}
          <div className="table-scroll">
            <table className="table table--cards table--list" data-testid="customers">
              <thead>
                <tr>
                  <SortHeading links={links} sort="name" label={t("customer.fields.name")} />
                  <SortHeading links={links} sort="kana" label={t("customer.fields.name_kana")} />
                  <th scope="col">{t("customer.fields.tel")}</th>
                  <SortHeading links={links} sort="updated" label={t("customer.fields.updated_at")} />
                </tr>
              </thead>
              <tbody>
                {result.items.map((customer) => (
                  <tr key={customer.id}>
                    <td>
                      <Link to={`/customers/edit/${customer.id}`} prefetch="none" className="table__name" title={customer.name}>
                        {customer.name}
                      </Link>{" "}
                      {customer.honorific}
                    </td>
                    <td data-label={t("customer.fields.name_kana")}>
                      <span className="table__name" title={customer.name_kana ?? undefined}>
                        {customer.name_kana}
                      </span>
                    </td>
                    <td className="table__nowrap" data-label={t("customer.fields.tel")}>
                      {customer.tel}
                    </td>
                    <td className="table__nowrap" data-label={t("customer.fields.updated_at")}>
                      {formatDateTimeJst(customer.updated_at)}
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
