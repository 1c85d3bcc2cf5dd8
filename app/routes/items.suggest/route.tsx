import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireCompanyCaller } from "~/services/api-caller.server";
import { listItems } from "../__items/items.server";

/** As many as a suggestion list shows at once. */
const SUGGESTIONS = 20;

/**
 * The items matching what is typed into a document line's 品名 (name, kana or code, as 品目を検索 finds them), for the
 * editor's suggestions with JavaScript: the whole master is searched, not only the hundred the page came with.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "items-suggest");
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = await listItems(caller, { q, sort: "code", order: "asc", page: 1 }, SUGGESTIONS);
  return json(
    { items: page.items.map((item) => ({ id: item.id, code: item.code, name: item.name, unit: item.unit, unit_price: item.unit_price, tax_category: item.tax_category })) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
