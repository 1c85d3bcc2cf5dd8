import type { CustomerInput } from "@domain/customer";
import { callPaymentApi, type PaymentApiCaller } from "./payment-api.server";

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
  closing_day: number | null;
  payment_month_offset: number | null;
  payment_day: number | null;
  notes: string | null;
  archived_at: string | null;
  updated_at: string;
};

export type CustomerPage = { items: Customer[]; total: number; page: number; per_page: number };

export const CUSTOMER_SORTS = ["kana", "name", "updated"] as const;
export type CustomerListQuery = { q: string; sort: (typeof CUSTOMER_SORTS)[number]; order: "asc" | "desc"; page: number };

export function listCustomers(caller: PaymentApiCaller, query: CustomerListQuery): Promise<CustomerPage> {
  const params = new URLSearchParams({ q: query.q, sort: query.sort, order: query.order, page: String(query.page), per_page: "20" });
  return callPaymentApi<CustomerPage>(caller, `/customers?${params}`);
}

export function getCustomer(caller: PaymentApiCaller, id: string): Promise<Customer> {
  return callPaymentApi<Customer>(caller, `/customers/${encodeURIComponent(id)}`);
}

/** Empty fields are left out, as a form leaves them out; the API stores them as empty. */
const asJson = (body: Record<string, unknown>): RequestInit => ({
  method: "POST",
  body: JSON.stringify(Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null))),
  headers: { "Content-Type": "application/json" },
});

/** Creates a customer, or updates one from the version its form was opened with. */
export function saveCustomer(caller: PaymentApiCaller, input: CustomerInput, existing: { id: number; version: number } | null): Promise<Customer> {
  if (!existing) return callPaymentApi<Customer>(caller, "/customers", asJson(input));
  return callPaymentApi<Customer>(caller, `/customers/${existing.id}`, asJson({ ...input, _method: "PATCH", version: existing.version }));
}

export function archiveCustomer(caller: PaymentApiCaller, id: number): Promise<Customer> {
  return callPaymentApi<Customer>(caller, `/customers/${id}/archive`, { method: "POST" });
}

export function deleteCustomer(caller: PaymentApiCaller, id: number): Promise<void> {
  return callPaymentApi<void>(caller, `/customers/${id}`, { method: "DELETE" });
}
