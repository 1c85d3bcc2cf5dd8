import { getZodConstraint } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { TAX_CATEGORIES, taxCategoryOf } from "@domain/codes";
import { formatDateTimeJst } from "@domain/datetime";
import { formatDecimal } from "@domain/decimal-display";
import { itemFormSchema } from "~/routes/_default.items.list/item-schema";
import { parseForm } from "~/components/forms/parse-form";
import { link as csvLinkText } from "~/locales/ja/csvLink.json";
import { items as itemsTitle } from "~/locales/ja/titlesMasters.json";
import { listQueryOf } from "~/components/lists/list-query";
import { requireCompanyCaller } from "../../services/api-caller.server";
import { apiErrorReply } from "../../services/api-form-errors.server";
import { remixI18next } from "../../services/i18n.server";
import { itemDeleteUrl } from "../__items/item-delete.server";
import { ITEM_SORTS, listItems, saveItem, type Item } from "../__items/items.server";
import type { ItemRowData } from "./ItemRow";
import { fixedTextsFor } from "../../services/fixed-texts.server";
import { htmlOnce } from "../../services/html-once.server";
import { readFormData } from "../../services/read-form.server";
import { itemRowsHtml } from "./item-rows.server";
import { redirectWithNotice } from "../../services/session.server";

/**
 * The item list's loader and action, kept out of the route module: the page
 * then needs neither zod (its check is loaded on first use) nor the code
 * lists, and carries one empty stand-in chunk instead of one per server module.
 */
const itemFormConstraint = getZodConstraint(itemFormSchema);

/** The tax categories as the select shows them, without their rates. */
const TAX_CATEGORY_CHOICES = TAX_CATEGORIES.map(({ id, label }) => ({ id, label }));

/** The row being edited travels in the URL (`edit`), so editing in place works without JavaScript. */
function editIdOf(url: URL): number | null {
  const raw = url.searchParams.get("edit") ?? "";
  return /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

/** A row as the list shows it: the price, tax category and time as text. */
function rowOf(item: Item): ItemRowData {
  return {
    id: item.id,
    code: item.code ?? "",
    name: item.name,
    unit: item.unit ?? "",
    unitPrice: formatDecimal(item.unit_price),
    taxCategory: taxCategoryOf(item.tax_category).label,
    updatedAt: formatDateTimeJst(item.updated_at),
  };
}

/** The values the row being edited starts from; the other rows need none. */
function formValuesOf(item: Item) {
  return { id: item.id, version: item.version, code: item.code ?? "", name: item.name, unit: item.unit ?? "", unit_price: item.unit_price, tax_category: item.tax_category };
}

/** The list, with the row being edited. */
export async function itemsListLoader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "items-list");
  const url = new URL(request.url);
  const query = listQueryOf(url, ITEM_SORTS, "code");
  const { items, total, per_page } = await listItems(caller, query);
  const editId = editIdOf(url);
  const edited = items.find((item) => item.id === editId);
  const rows = items.map(rowOf);
  // Without a row being edited the rows are HTML, sent once (ADR 020): the page's data does not carry them again.
  // The row being edited is the page's own, a form among the rows: then the rows come as data.
  const rowsHtml = edited ? null : htmlOnce(context, "item-rows", itemRowsHtml(await fixedTextsFor(request), rows, query));
  return {
    // The title (the route's meta reads it) and the CSV link's words: files of their own, each a chunk, for a few words.
    title: itemsTitle,
    csvLink: csvLinkText,
    query,
    editing: edited ? formValuesOf(edited) : null,
    result: { items: edited ? rows : null, shown: rows.length, total, per_page },
    rowsHtml,
    constraint: itemFormConstraint,
    taxCategories: TAX_CATEGORY_CHOICES,
  };
}

/** The list as it was, without the row being edited: where a save returns to. */
function listAfter(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("edit");
  return `${url.pathname}${url.search}`;
}

export async function itemsListAction({ request, context }: ActionFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "items-list");
  const formData = await readFormData(request);
  const t = await remixI18next.getFixedT(request);
  const intent = formData.get("intent");
  const idText = String(formData.get("id") ?? "");
  const id = /^\d{1,9}$/.test(idText) ? Number(idText) : null;
  // Deleting asks first, on a page of its own (item-delete.server.ts): a delete posted here (an old page, a crafted post) is shown the question.
  if (intent === "delete" && id) return redirect(itemDeleteUrl(id, request.url));
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
