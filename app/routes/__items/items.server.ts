import type { TaxCategoryId } from "@domain/codes";
import type { ItemInput } from "@domain/item";
import { listQueryParams, type ListQuery } from "~/components/lists/list-query";
import { asJsonPost, callPaymentApi, type PaymentApiCaller } from "../../services/payment-api.server";

export type Item = {
  id: number;
  version: number;
  code: string | null;
  name: string;
  unit: string | null;
  unit_price: string;
  tax_category: TaxCategoryId;
  tax_rate: number;
  updated_at: string;
};

export type ItemPage = { items: Item[]; total: number; page: number; per_page: number };

export const ITEM_SORTS = ["code", "name", "unit_price", "updated"] as const;
export const ITEMS_PER_PAGE = 20;

export function listItems(caller: PaymentApiCaller, query: ListQuery<(typeof ITEM_SORTS)[number]>, perPage = ITEMS_PER_PAGE): Promise<ItemPage> {
  return callPaymentApi<ItemPage>(caller, `/items?${listQueryParams(query, perPage)}`);
}

export function getItem(caller: PaymentApiCaller, id: string): Promise<Item> {
  return callPaymentApi<Item>(caller, `/items/${encodeURIComponent(id)}`);
}

/** Creates an item, or updates one from the version its row was opened with. */
export function saveItem(caller: PaymentApiCaller, input: ItemInput, existing: { id: number; version: number } | null): Promise<Item> {
  if (!existing) return callPaymentApi<Item>(caller, "/items", asJsonPost(input));
  return callPaymentApi<Item>(caller, `/items/${existing.id}`, asJsonPost({ ...input, _method: "PATCH", version: existing.version }));
}

export function deleteItem(caller: PaymentApiCaller, id: number): Promise<void> {
  return callPaymentApi<void>(caller, `/items/${id}`, { method: "DELETE" });
}
