import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { useTexts } from "~/components/texts";
import csvTexts from "~/locales/ja/csv.json";
import itemTexts from "~/locales/ja/item.json";
import { items as itemsTitle } from "~/locales/ja/titlesPages.json";
import { taxCategoryOf } from "@domain/codes";
import { formatDateTimeJst } from "@domain/datetime";
import { formatDecimal } from "@domain/decimal-display";
import { ItemForm, itemFormSchema, type ItemFormInput } from "~/components/items/ItemForm";
import { parseForm } from "~/components/forms/parse-form";
import { ListPaging, ListSearch, listQueryLinks, SortHeading } from "~/components/lists/ListControls";
import { listQueryOf, listUrl } from "~/components/lists/list-query";
import { titleMeta } from "~/meta";
import { requireCompanyCaller } from "~/services/api-caller.server";
import { apiErrorReply } from "~/services/api-form-errors.server";
import { remixI18next } from "~/services/i18n.server";
import { deleteItem, ITEM_SORTS, listItems, saveItem, type Item } from "~/services/items.server";
import { readFormData } from "~/services/read-form.server";
import { redirectWithNotice } from "~/services/session.server";

export const handle = { i18n: ["common"], screenName: "items-list" };

export const meta = titleMeta(itemsTitle);

const PATH = "/items/list";

/** The row being edited travels in the URL (`edit`), so editing in place works without JavaScript. */
function editIdOf(url: URL): number | null {
  const raw = url.searchParams.get("edit") ?? "";
  return /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "items-list");
  const url = new URL(request.url);
  const query = listQueryOf(url, ITEM_SORTS, "code");
  return { query, editId: editIdOf(url), result: await listItems(caller, query) };
}

/** The list as it was, without the row being edited: where a save or delete returns to. */
function listAfter(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("edit");
  return `${url.pathname}${url.search}`;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "items-list");
  const formData = await readFormData(request);
  const t = await remixI18next.getFixedT(request);
  const intent = formData.get("intent");
  const idText = String(formData.get("id") ?? "");
  const id = /^\d{1,9}$/.test(idText) ? Number(idText) : null;
  if (intent === "delete" && id) {
    await deleteItem(caller, id);
    return redirectWithNotice(request, listAfter(request), "success", t("item.deleted"));
  }
  if (intent !== "create" && !(intent === "update" && id)) return redirect(listAfter(request));
  const formId = id ? `item-${id}` : "item-new";
  const submission = parseForm(formData, itemFormSchema);
  if (submission.status !== "success") return data({ formId, result: submission.reply() }, { status: 400 });
  const { version, ...input } = submission.value;
  try {
    await saveItem(caller, input, id ? { id, version: version ?? 0 } : null);
  } catch (error) {
    const { result, status } = apiErrorReply(submission, error);
    return data({ formId, result }, { status });
  }
  return redirectWithNotice(request, listAfter(request), "success", t(id ? "item.saved" : "item.added"));
}

function formValuesOf(item: Item): ItemFormInput & { id: number } {
  return { id: item.id, version: item.version, code: item.code ?? "", name: item.name, unit: item.unit ?? "", unit_price: item.unit_price, tax_category: item.tax_category };
}

export default function ItemsListPage() {
  const { t } = useTexts({ csv: csvTexts, item: itemTexts, titles: { items: itemsTitle } });
  const { query, editId, result } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { formId: string; result: SubmissionResult<string[]> } | undefined;
  // A new location after each successful save empties the add row; an error keeps what was typed.
  const location = useLocation();
  const lastResultOf = (formId: string) => (actionData?.formId === formId ? actionData.result : undefined);
  const links = listQueryLinks(PATH, query);
  const paging = { links, total: result.total, perPage: result.per_page };
  const columns = 7;

  return (
    <>
      <h1>{t("titles.items")}</h1>
      <p>
        <Link to="/items/csv" prefetch="none">
          {t("csv.link")}
        </Link>
      </p>
      <section className="card" aria-labelledby="item-new-heading">
        <h2 id="item-new-heading">{t("item.new")}</h2>
        <ItemForm key={location.key} id="item-new" action={listUrl(PATH, query, { page: query.page })} lastResult={lastResultOf("item-new")} editing={false} />
      </section>
      <ListSearch id="item-search" label={t("item.searchLabel")} query={query} />
      {result.items.length === 0 ? (
        <p className="card">{t("item.none")}</p>
      ) : (
        <>
          <p>
            <ListPaging {...paging} placement="count" />
          </p>
          <table className="table table--cards" data-testid="items">
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
            <tbody>
              {result.items.map((item) =>
                item.id === editId ? (
                  <tr key={item.id} className="table__editing">
                    <td colSpan={columns}>
                      <ItemForm
                        key={item.version}
                        id={`item-${item.id}`}
                        action={listUrl(PATH, query, { page: query.page }, { edit: String(item.id) })}
                        defaultValue={formValuesOf(item)}
                        lastResult={lastResultOf(`item-${item.id}`)}
                        editing
                        cancelTo={listUrl(PATH, query, { page: query.page })}
                      />
                    </td>
                  </tr>
                ) : (
                  <tr key={item.id}>
                    <td>{item.code}</td>
                    <td>{item.name}</td>
                    <td data-label={t("item.fields.unit")}>{item.unit}</td>
                    <td className="table__number" data-label={t("item.fields.unit_price")}>
                      {t("item.yen", { amount: formatDecimal(item.unit_price) })}
                    </td>
                    <td data-label={t("item.fields.tax_category")}>{taxCategoryOf(item.tax_category).label}</td>
                    <td data-label={t("item.fields.updated_at")}>{formatDateTimeJst(item.updated_at)}</td>
                    <td>
                      <Link to={listUrl(PATH, query, { page: query.page }, { edit: String(item.id) })} prefetch="none" aria-label={t("item.editNamed", { name: item.name })}>
                        {t("item.edit")}
                      </Link>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
          <ListPaging {...paging} placement="links" />
        </>
      )}
    </>
  );
}
