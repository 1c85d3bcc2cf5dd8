import { getZodConstraint } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_HOLIDAY_SHIFT, HOLIDAY_SHIFTS } from "@domain/due-date";
import { customerFormSchema, type CustomerFormInput } from "~/routes/__customers/customer-schema";
import { parseForm } from "~/components/forms/parse-form";
import { requireCompanyCaller } from "../../services/api-caller.server";
import { apiErrorReply } from "../../services/api-form-errors.server";
import { archiveCustomer, deleteCustomer, getCustomer, saveCustomer, type Customer } from "./customers.server";
import { notFound } from "../../services/errors.server";
import { remixI18next } from "../../services/i18n.server";
import { readFormData } from "../../services/read-form.server";
import { requireCompanyUser } from "../../services/route-checks.server";
import { redirectWithNotice } from "../../services/session.server";

/**
 * The customer create and edit pages' server side, one module for both
 * routes: the page then renders without zod (its check is loaded on first
 * use) or the due-date rules, and carries one empty stand-in chunk.
 */

/** The form's constraint attributes and the holiday choices, for the loaders: the browser renders them without zod or the due-date module. */
const customerFormPage = { constraint: getZodConstraint(customerFormSchema), holidayShifts: HOLIDAY_SHIFTS };

export async function customerCreateLoader({ request }: LoaderFunctionArgs) {
  await requireCompanyUser(request);
  const defaultValue: CustomerFormInput = { name: "", honorific: "御中", holiday_shift: DEFAULT_HOLIDAY_SHIFT };
  return { ...customerFormPage, defaultValue };
}

function idOf(params: { id?: string }): number {
  if (!/^\d{1,9}$/.test(params.id ?? "")) throw notFound();
  return Number(params.id);
}

/** What the form shows: the saved customer, as text. */
function formValuesOf(customer: Customer): CustomerFormInput {
  const text = (value: string | number | null) => (value === null ? "" : String(value));
  return {
    version: customer.version,
    name: customer.name,
    name_kana: text(customer.name_kana),
    honorific: customer.honorific as CustomerFormInput["honorific"],
    department: text(customer.department),
    person_in_charge: text(customer.person_in_charge),
    postal_code: text(customer.postal_code),
    address1: text(customer.address1),
    address2: text(customer.address2),
    tel: text(customer.tel),
    emails: customer.emails.join("\n"),
    registered_no: text(customer.registered_no),
    peppol_id: text(customer.peppol_id),
    closing_day: text(customer.closing_day),
    payment_month_offset: text(customer.payment_month_offset),
    payment_day: text(customer.payment_day),
    holiday_shift: customer.holiday_shift,
    notes: text(customer.notes),
  };
}

/** Archiving and deleting ask first (`confirmed=yes` from the confirmation). */
const CONFIRMED_ACTIONS = ["archive", "delete"] as const;
type ConfirmedAction = (typeof CONFIRMED_ACTIONS)[number];
const confirmedActionOf = (value: unknown): ConfirmedAction | null => CONFIRMED_ACTIONS.find((action) => action === value) ?? null;

/** The edit page; `?confirm=archive` (or delete) makes it the confirmation page of that action. */
export async function customerEditLoader({ request, params, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "customers-edit");
  const id = idOf(params);
  return {
    ...customerFormPage,
    id,
    defaultValue: formValuesOf(await getCustomer(caller, String(id))),
    confirm: confirmedActionOf(new URL(request.url).searchParams.get("confirm")),
  };
}

export const customerCreateAction = ({ request, context }: ActionFunctionArgs) => customerFormAction(request, context, null);

export const customerEditAction = ({ request, params, context }: ActionFunctionArgs) => customerFormAction(request, context, idOf(params));

/**
 * The create and edit pages' action: save (or, on edit and once confirmed,
 * archive or delete) and go back to the list with a notice; the server's
 * messages come back beside the form with the input kept.
 */
async function customerFormAction(request: Request, context: AppLoadContext, existingId: number | null) {
  const { caller } = await requireCompanyCaller(request, context, existingId ? "customers-edit" : "customers-create");
  const formData = await readFormData(request);
  const t = await remixI18next.getFixedT(request);
  const asking = existingId ? confirmedActionOf(formData.get("intent")) : null;
  // A post without the confirmation's `confirmed=yes` (an old page, a crafted post) is shown the question.
  if (existingId && asking && formData.get("confirmed") !== "yes") return redirect(`/customers/edit/${existingId}?confirm=${asking}`);
  if (existingId && asking === "archive") {
    await archiveCustomer(caller, existingId);
    return redirectWithNotice(request, "/customers/list", "success", t("customer.archived"));
  }
  const submission = parseForm(formData, customerFormSchema);
  if (existingId && asking === "delete") {
    try {
      await deleteCustomer(caller, existingId);
    } catch (error) {
      // Still in use by documents: the message says so above the form, with the archive button beside it. The
      // confirmation posts no fields, so the answer carries no values and the form shows the saved customer.
      const { result, status } = apiErrorReply(submission, error);
      return data({ ...result, initialValue: null }, { status });
    }
    return redirectWithNotice(request, "/customers/list", "success", t("customer.deleted"));
  }
  if (submission.status !== "success") return data(submission.reply(), { status: submission.status === "error" ? 400 : 200 });
  const { version, ...input } = submission.value;
  try {
    await saveCustomer(caller, input, existingId ? { id: existingId, version: version ?? 0 } : null);
  } catch (error) {
    const { result, status } = apiErrorReply(submission, error);
    return data(result, { status });
  }
  return redirectWithNotice(request, "/customers/list", "success", t("customer.saved"));
}
