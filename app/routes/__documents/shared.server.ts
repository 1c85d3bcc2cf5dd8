import type { DocumentKind } from "@domain/document-kinds";
import { DOCUMENT_PATHS } from "@domain/documents";
import { COMPANY_DEFAULTS } from "@domain/codes";
import { todayJst } from "@domain/datetime";
import { dueDateBasis, refreshedDueDate, type DueDateRules } from "@domain/due-date";
import { japaneseHolidays } from "@domain/holidays.server";
import type { RoundingIds } from "@domain/totals";
import type { DocumentFormValues } from "~/routes/__documents/document-form-values";
import type { Company } from "../__companies/companies.server";
import { getCustomer, listCustomers, type Customer } from "../__customers/customers.server";
import type { DocumentDetail } from "./documents.server";
import { isNotFound, notFound } from "../../services/errors.server";
import { getItem, listItems, type Item } from "../__items/items.server";
import type { DocumentSetting } from "../__settings/document-settings.server";
import type { PaymentApiCaller } from "../../services/payment-api.server";

/*
 * What the document pages share: the id in the path, the screen name sent
 * to the API, the masters offered on the form and a saved document as form
 * text. Each page's loader and action live in their own module beside this.
 */

/** A document id from the path or the query; anything else is a page that does not exist. */
export function documentIdOf(raw: string | null | undefined): number {
  if (!/^\d{1,9}$/.test(raw ?? "")) throw notFound();
  return Number(raw);
}

const MASTER_CHOICES = 100;


export const screen = (kind: DocumentKind, page: string) => `${DOCUMENT_PATHS[kind].base.slice(1)}-${page}`;

/** What the form has typed into its master searches and already chosen from them. */
type ChoiceWanted = { customerQuery: string; itemQuery: string; customerIds: string[]; itemIds: string[] };

const NOTHING_WANTED: ChoiceWanted = { customerQuery: "", itemQuery: "", customerIds: [], itemIds: [] };

/** The records of the chosen ids, each fetched once; one deleted since (or not an id) is simply left out. */
async function chosenRecords<T>(ids: string[], fetchOne: (id: string) => Promise<T>): Promise<T[]> {
  const wanted = [...new Set(ids)].filter((id) => /^\d{1,9}$/.test(id));
  const found = await Promise.all(wanted.map((id) => fetchOne(id).then((entry): T[] => [entry], (error: unknown) => (isNotFound(error) ? [] : Promise.reject(error)))));
  return found.flat();
}

/** Ids the list left out; a chosen record deleted since is simply not offered again. */
async function chosenBeyond<T extends { id: number }>(listed: T[], ids: string[], fetchOne: (id: string) => Promise<T>): Promise<T[]> {
  return [...listed, ...(await chosenRecords(ids.filter((id) => !listed.some((entry) => String(entry.id) === id)), fetchOne))];
}

/**
 * Masters for the form's choices: the first hundred that match what was typed
 * into the form's searches, and always what the form has already chosen, so
 * a master of any size can be picked from without JavaScript.
 */
export async function choicesOf(caller: PaymentApiCaller, wanted: ChoiceWanted = NOTHING_WANTED) {
  const [customers, items] = await Promise.all([
    listCustomers(caller, { q: wanted.customerQuery, sort: "kana", order: "asc", page: 1 }, MASTER_CHOICES),
    listItems(caller, { q: wanted.itemQuery, sort: "code", order: "asc", page: 1 }, MASTER_CHOICES),
  ]);
  return {
    customers: await chosenBeyond(customers.items, wanted.customerIds, (id) => getCustomer(caller, id)),
    items: await chosenBeyond(items.items, wanted.itemIds, (id) => getItem(caller, id)),
    customerQuery: wanted.customerQuery,
    itemQuery: wanted.itemQuery,
  };
}

export function wantedByDocument(document: DocumentDetail | null): ChoiceWanted {
  if (!document) return NOTHING_WANTED;
  return {
    customerQuery: "",
    itemQuery: "",
    customerIds: document.customer_id ? [String(document.customer_id)] : [],
    itemIds: document.lines.flatMap((line) => (line.item_id ? [String(line.item_id)] : [])),
  };
}

export function wantedByForm(formData: FormData): ChoiceWanted {
  const text = (name: string) => String(formData.get(name) ?? "").trim();
  return {
    customerQuery: text("customer_query"),
    itemQuery: text("item_query"),
    customerIds: [text("customer_id")],
    itemIds: [...formData.entries()].flatMap(([key, value]) => (/^lines\[\d+\]\.item_id$/.test(key) ? [String(value)] : [])),
  };
}

export function roundingOfCompany(company: Company | null): RoundingIds {
  return {
    itemRoundingId: company?.item_rounding_id ?? COMPANY_DEFAULTS.itemRoundingId,
    itemRoundingScale: company?.item_rounding_scale ?? COMPANY_DEFAULTS.itemRoundingScale,
    subtotalRoundingId: company?.subtotal_rounding_id ?? COMPANY_DEFAULTS.subtotalRoundingId,
    taxRoundingId: company?.tax_rounding_id ?? COMPANY_DEFAULTS.taxRoundingId,
    taxWithholdingId: company?.tax_withholding_id ?? COMPANY_DEFAULTS.taxWithholdingId,
  };
}

/** A saved document as form text. */
export function formValuesOfDocument(document: DocumentDetail): DocumentFormValues {
  const text = (value: string | number | null) => (value === null ? "" : String(value));
  return {
    issue_date: document.issue_date,
    customer_id: text(document.customer_id),
    customer_name: document.customer_name,
    customer_honorific: document.customer_honorific as DocumentFormValues["customer_honorific"],
    subject: text(document.subject),
    person_in_charge: text(document.person_in_charge),
    notes: text(document.notes),
    tax_type_id: String(document.tax_type_id),
    withholding: document.withholding ? "on" : "",
    valid_until: text(document.valid_until),
    delivery_date: text(document.delivery_date),
    due_date: text(document.due_date),
    due_date_basis: dueDateBasis(document.issue_date, text(document.customer_id)),
    bank_account_id: text(document.bank_account_id),
    received_amount: text(document.received_amount),
    proviso: text(document.proviso),
    payment_method: text(document.payment_method),
    lines: document.lines.map((line) => ({
      item_id: text(line.item_id),
      description: line.description,
      quantity: line.quantity,
      unit: text(line.unit),
      unit_price: line.unit_price,
      tax_category: line.tax_category,
    })),
  };
}

export function companyFacts(company: Company | null) {
  return {
    name: company?.company_name ?? null,
    registeredNo: company?.registered_no ?? null,
  };
}

/** The form's lines, in order: each has a description or an item field. */
function lineIndexesOf(formData: FormData): number[] {
  const indexes: number[] = [];
  for (let index = 0; formData.has(`lines[${index}].description`) || formData.has(`lines[${index}].item_id`); index += 1) indexes.push(index);
  return indexes;
}

const blank = (formData: FormData, name: string) => !String(formData.get(name) ?? "").trim();

/**
 * Without JavaScript, choosing a customer or an item cannot fill the other
 * fields in the browser: the server fills whatever was left empty.
 */
export function filledFromMasters(formData: FormData, customers: Customer[], items: Item[]): FormData {
  const filled = new FormData();
  for (const [key, value] of formData) filled.append(key, value);
  const customer = customers.find((entry) => String(entry.id) === formData.get("customer_id"));
  if (customer && blank(formData, "customer_name")) {
    filled.set("customer_name", customer.name);
    filled.set("customer_honorific", customer.honorific);
  }
  for (const index of lineIndexesOf(formData)) {
    const item = items.find((entry) => String(entry.id) === formData.get(`lines[${index}].item_id`));
    if (!item || !blank(formData, `lines[${index}].description`)) continue;
    filled.set(`lines[${index}].description`, item.name);
    filled.set(`lines[${index}].unit`, item.unit ?? "");
    filled.set(`lines[${index}].unit_price`, item.unit_price);
    filled.set(`lines[${index}].tax_category`, item.tax_category);
  }
  return filled;
}

/**
 * filledFromMasters for a save, which does not show the masters' lists: only the customer and the items whose
 * fields were left blank are fetched, so a save from the browser with JavaScript (which filled them) fetches none.
 */
export async function filledFromChosen(caller: PaymentApiCaller, formData: FormData): Promise<FormData> {
  const text = (name: string) => String(formData.get(name) ?? "");
  const itemIds = lineIndexesOf(formData).flatMap((index) => (blank(formData, `lines[${index}].description`) ? [text(`lines[${index}].item_id`)] : []));
  const [customers, items] = await Promise.all([
    chosenRecords(blank(formData, "customer_name") ? [text("customer_id")] : [], (id) => getCustomer(caller, id)),
    chosenRecords(itemIds, (id) => getItem(caller, id)),
  ]);
  return filledFromMasters(formData, customers, items);
}

/** Invoices' due date rules; the page's copy knows the holidays of the years around today only, to stay small. */
export function dueDateRulesOf(kind: DocumentKind, setting: DocumentSetting, forPage = false): DueDateRules | null {
  if (kind !== "invoice") return null;
  const year = Number(todayJst().slice(0, 4));
  return { rule: setting.due_date_rule, dueDays: setting.due_days, calendar: japaneseHolidays(forPage ? { from: year - 1, to: year + 3 } : undefined) };
}

/** The rules as the form page gets them: its holidays as one string, which costs the page's data a third less than a list. */
export function pageDueDateRulesOf(kind: DocumentKind, setting: DocumentSetting) {
  const rules = dueDateRulesOf(kind, setting, true);
  return rules && { ...rules, calendar: { ...rules.calendar, holidays: rules.calendar.holidays.join(",") } };
}

/** Without JavaScript the due date follows a changed customer or issue date when the form comes back (再計算, 検索). */
export function refreshDueDate(formData: FormData, rules: DueDateRules | null, customers: Customer[]): void {
  const text = (name: string) => String(formData.get(name) ?? "");
  const refreshed = rules && refreshedDueDate({ issueDate: text("issue_date"), customerId: text("customer_id"), basis: text("due_date_basis") }, rules, customers);
  if (refreshed) {
    formData.set("due_date", refreshed.dueDate);
    formData.set("due_date_basis", refreshed.basis);
  }
}
