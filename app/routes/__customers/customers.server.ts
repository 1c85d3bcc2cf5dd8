import type { CustomerInput } from "@domain/customer";
import type { HolidayShift } from "@domain/due-date";
import { listQueryParams, type ListQuery } from "~/components/lists/list-query";
import { asJsonPost, callPaymentApi, type PaymentApiCaller } from "../../services/payment-api.server";

export type Customer = {
  id: number;
  version: number;
  name: string;
  name_kana: string | null;
  honorific: string;
  department: string | null;
  person_in_charge: string | null;
  postal_code: string | null;
  address1: string | null;
  address2: string | null;
  tel: string | null;
  emails: string[];
  registered_no: string | null;
  peppol_id: string | null;
  closing_day: number | null;
  payment_month_offset: number | null;
  payment_day: number | null;
  holiday_shift: HolidayShift;
  notes: string | null;
  archived_at: string | null;
  updated_at: string;
};

export type CustomerPage = { items: Customer[]; total: number; page: number; per_page: number };

export const CUSTOMER_SORTS = ["kana", "name", "updated"] as const;
export const CUSTOMERS_PER_PAGE = 20;

export function listCustomers(caller: PaymentApiCaller, query: ListQuery<(typeof CUSTOMER_SORTS)[number]>, perPage = CUSTOMERS_PER_PAGE): Promise<CustomerPage> {
  return callPaymentApi<CustomerPage>(caller, `/customers?${listQueryParams(query, perPage)}`);
}

export function getCustomer(caller: PaymentApiCaller, id: string): Promise<Customer> {
  return callPaymentApi<Customer>(caller, `/customers/${encodeURIComponent(id)}`);
}


/** Creates a customer, or updates one from the version its form was opened with. */
export function saveCustomer(caller: PaymentApiCaller, input: CustomerInput, existing: { id: number; version: number } | null): Promise<Customer> {
  if (!existing) return callPaymentApi<Customer>(caller, "/customers", asJsonPost(input));
  return callPaymentApi<Customer>(caller, `/customers/${existing.id}`, asJsonPost({ ...input, _method: "PATCH", version: existing.version }));
}

export function archiveCustomer(caller: PaymentApiCaller, id: number): Promise<Customer> {
  return callPaymentApi<Customer>(caller, `/customers/${id}/archive`, { method: "POST" });
}

export function deleteCustomer(caller: PaymentApiCaller, id: number): Promise<void> {
  return callPaymentApi<void>(caller, `/customers/${id}`, { method: "DELETE" });
}
