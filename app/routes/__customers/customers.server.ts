import type { CustomerInput } from "@domain/customer";
import { customerAnswer, customerPageAnswer, type CustomerAnswer, type CustomerPageAnswer } from "@domain/master-data-answers";
import { listQueryParams, type ListQuery } from "~/components/lists/list-query";
import { askPaymentApi, asJsonPost, sendToPaymentApi, type PaymentApiCaller } from "../../services/payment-api.server";

export type Customer = CustomerAnswer;
export type CustomerPage = CustomerPageAnswer;

export const CUSTOMER_SORTS = ["kana", "name", "updated"] as const;
export const CUSTOMERS_PER_PAGE = 20;

export function listCustomers(caller: PaymentApiCaller, query: ListQuery<(typeof CUSTOMER_SORTS)[number]>, perPage = CUSTOMERS_PER_PAGE): Promise<CustomerPage> {
  return askPaymentApi(caller, `/customers?${listQueryParams(query, perPage)}`, customerPageAnswer);
}

export function getCustomer(caller: PaymentApiCaller, id: string): Promise<Customer> {
  return askPaymentApi(caller, `/customers/${encodeURIComponent(id)}`, customerAnswer);
}


/** Creates a customer, or updates one from the version its form was opened with. */
export function saveCustomer(caller: PaymentApiCaller, input: CustomerInput, existing: { id: number; version: number } | null): Promise<Customer> {
  if (!existing) return askPaymentApi(caller, "/customers", customerAnswer, asJsonPost(input));
  return askPaymentApi(caller, `/customers/${existing.id}`, customerAnswer, asJsonPost({ ...input, _method: "PATCH", version: existing.version }));
}

export function archiveCustomer(caller: PaymentApiCaller, id: number): Promise<Customer> {
  return askPaymentApi(caller, `/customers/${id}/archive`, customerAnswer, { method: "POST" });
}

export function deleteCustomer(caller: PaymentApiCaller, id: number): Promise<void> {
  return sendToPaymentApi(caller, `/customers/${id}`, { method: "DELETE" });
}
