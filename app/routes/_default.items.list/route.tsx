import { Link, useActionData, useLoaderData, useLocation, type MetaFunction } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { useFollowLinks, useServerHtml } from "~/components/server-html";
import { useTexts } from "~/components/texts";
import itemTexts from "~/locales/ja/item.json";
import { ItemForm } from "~/routes/_default.items.list/ItemForm";
import { ItemRow, ITEMS_PATH, itemEditUrl } from "~/routes/_default.items.list/ItemRow";
import { ListPaging, ListSearch, listQueryLinks, SortHeading } from "~/components/lists/ListControls";
import { listUrl } from "~/components/lists/list-query";
import { titleMeta } from "~/meta";
import { itemsListAction, itemsListLoader } from "~/routes/_default.items.list/items-list.server";

export const handle = { i18n: ["common"], screenName: "items-list" };

export const meta: MetaFunction<typeof loader> = (args) => titleMeta(args.data?.title ?? "")(args);

const PATH = ITEMS_PATH;

export const loader = itemsListLoader;

export const action = itemsListAction;

export default function ItemsListPage() {
  const { t } = useTexts({ item: itemTexts });
  const { title, csvLink, query, editing, result, rowsHtml, constraint, taxCategories } = useLoaderData<typeof loader>();
  const html = useServerHtml("item-rows", rowsHtml);
  const follow = useFollowLinks();
  const actionData = useActionData<typeof action>() as { formId: string; result: SubmissionResult<string[]> } | undefined;
  // A new location after each successful save empties the add row; an error keeps what was typed.
  const location = useLocation();
  const lastResultOf = (formId: string) => (actionData?.formId === formId ? actionData.result : undefined);
  const links = listQueryLinks(PATH, query);
  const paging = { links, total: result.total, perPage: result.per_page };
  const columns = 7;
  const editUrl = (id: number) => itemEditUrl(query, id);

  return (
    <>
      <h1>{title}</h1>
      <p>
        <Link to="/items/csv" prefetch="none">
          {csvLink}
        </Link>
      </p>
      <section className="card" aria-labelledby="item-new-heading">
        <h2 id="item-new-heading">{t("item.new")}</h2>
        <ItemForm
          key={location.key}
          id="item-new"
          action={listUrl(PATH, query, { page: query.page })}
          lastResult={lastResultOf("item-new")}
          constraint={constraint}
          taxCategories={taxCategories}
          editing={false}
        />
      </section>
      <ListSearch id="item-search" label={t("item.searchLabel")} query={query} />
      {result.shown === 0 ? (
        <p className="card">{t("item.none")}</p>
      ) : (
        <>
          <p>
            <ListPaging {...paging} placement="count" />
          </p>
          {/* Between the cards (below 480 px) and the width with the side menu, the table scrolls in its own box. */}
          <div className="table-scroll">
            {/* The rows' edit links are plain links (ItemRow), followed in the page; the headings' Links follow themselves. */}
            <table className="table table--cards table--list" data-testid="items" onClick={follow}>
              <thead>
                <tr>
                  <SortHeading links={links} sort="code" label={t("item.fields.code")} />
                  <SortHeading links={links} sort="name" label={t("item.fields.name")} />
                  <th scope="col">{t("item.fields.unit")}</th>
                  <SortHeading links={links} sort="unit_price" label={t("item.fields.unit_price")} />
                  <th scope="col">{t("item.fields.tax_category")}</th>
                  <SortHeading links={links} sort="updated" label={t("item.fields.updated_at")} />
                  <th scope="col">{t("item.actions")}</th>
                </tr>
              </thead>
              {result.items ? (
                <tbody key="rows">
                  {result.items.map((item) =>
                    item.id === editing?.id ? (
                      <tr key={item.id} className="table__editing">
                        <td colSpan={columns}>
                          <ItemForm
                            key={editing.version}
                            id={`item-${item.id}`}
                            action={editUrl(item.id)}
                            defaultValue={editing}
                            lastResult={lastResultOf(`item-${item.id}`)}
                            constraint={constraint}
                            taxCategories={taxCategories}
                            editing
                            cancelTo={listUrl(PATH, query, { page: query.page })}
                          />
                          {/* Apart from the form, a link to the question, which keeps the list's query for coming back. A route of its
                              own, also with JavaScript (not ConfirmAction's dialog): the list has no room in its budget for that code. */}
                          <p className="document-actions--danger">
                            <Link to={listUrl(`/items/delete/${item.id}`, query, { page: query.page })} className="button button--danger-outline" prefetch="none">
                              {t("item.delete")}
                            </Link>
                          </p>
                        </td>
                      </tr>
                    ) : (
                      <ItemRow key={item.id} item={item} editUrl={editUrl(item.id)} />
                    ),
                  )}
                </tbody>
              ) : (
                // The rows as the loader sent them (HTML, once): a list without a row being edited.
                <tbody key="html" dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />
              )}
            </table>
          </div>
          <ListPaging {...paging} placement="links" />
        </>
      )}
    </>
  );
}
