import type { ItemInput } from "@domain/item";
import { itemAnswer, itemPageAnswer, type ItemAnswer, type ItemPageAnswer } from "@domain/master-data-answers";
import { listQueryParams, type ListQuery } from "~/components/lists/list-query";
import { askPaymentApi, asJsonPost, sendToPaymentApi, type PaymentApiCaller } from "../../services/payment-api.server";

export type Item = ItemAnswer;
export type ItemPage = ItemPageAnswer;

export const ITEM_SORTS = ["code", "name", "unit_price", "updated"] as const;
export const ITEMS_PER_PAGE = 20;

export function listItems(caller: PaymentApiCaller, query: ListQuery<(typeof ITEM_SORTS)[number]>, perPage = ITEMS_PER_PAGE): Promise<ItemPage> {
  return askPaymentApi(caller, `/items?${listQueryParams(query, perPage)}`, itemPageAnswer);
}

export function getItem(caller: PaymentApiCaller, id: string): Promise<Item> {
  return askPaymentApi(caller, `/items/${encodeURIComponent(id)}`, itemAnswer);
}

/** Creates an item, or updates one from the version its row was opened with. */
export function saveItem(caller: PaymentApiCaller, input: ItemInput, existing: { id: number; version: number } | null): Promise<Item> {
  if (!existing) return askPaymentApi(caller, "/items", itemAnswer, asJsonPost(input));
  return askPaymentApi(caller, `/items/${existing.id}`, itemAnswer, asJsonPost({ ...input, _method: "PATCH", version: existing.version }));
}

export function deleteItem(caller: PaymentApiCaller, id: number): Promise<void> {
  return sendToPaymentApi(caller, `/items/${id}`, { method: "DELETE" });
}
