import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { listQueryOf, listUrl } from "~/components/lists/list-query";
import { requireCompanyCaller } from "../../services/api-caller.server";
import { notFound } from "../../services/errors.server";
import { remixI18next } from "../../services/i18n.server";
import { deleteItem, getItem, ITEM_SORTS } from "./items.server";
import { readFormData } from "../../services/read-form.server";
import { redirectWithNotice } from "../../services/session.server";

const LIST_PATH = "/items/list";

/**
 * The question before an item is deleted, as a page of its own (/items/delete/:id with the list's query), in a
 * route of its own so the list does not carry its code: cancelling returns to the list with the row being edited.
 */
function deletePageOf(request: Request, params: LoaderFunctionArgs["params"]) {
  if (!/^\d{1,9}$/.test(params.id ?? "")) throw notFound();
  const query = listQueryOf(new URL(request.url), ITEM_SORTS, "code");
  return { id: Number(params.id), listQuery: query, backTo: listUrl(LIST_PATH, query, { page: query.page }, { edit: params.id! }) };
}

/** Where the list sends a delete: the question, keeping the list's search, sort and page. */
export function itemDeleteUrl(id: number, listRequestUrl: string): string {
  const query = listQueryOf(new URL(listRequestUrl), ITEM_SORTS, "code");
  return listUrl(`/items/delete/${id}`, query, { page: query.page });
}

export async function itemDeleteLoader({ request, params, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "items-list");
  const { id, backTo } = deletePageOf(request, params);
  const item = await getItem(caller, String(id));
  const t = await remixI18next.getFixedT(request);
  return { backTo, words: { title: t("item.confirmDelete.title", { name: item.name }), body: t("item.confirmDelete.body"), button: t("item.delete") } };
}

/** Deletes once confirmed (`confirmed=yes`), back to the list as it was without the row; anything else is asked again. */
export async function itemDeleteAction({ request, params, context }: ActionFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "items-list");
  const { id, listQuery } = deletePageOf(request, params);
  const formData = await readFormData(request);
  const here = new URL(request.url);
  if (formData.get("intent") !== "delete" || formData.get("confirmed") !== "yes") return redirect(`${here.pathname}${here.search}`);
  await deleteItem(caller, id);
  const t = await remixI18next.getFixedT(request);
  return redirectWithNotice(request, listUrl(LIST_PATH, listQuery, { page: listQuery.page }), "success", t("item.deleted"));
}
