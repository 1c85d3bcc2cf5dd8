import { getZodConstraint } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_HOLIDAY_SHIFT, HOLIDAY_SHIFTS } from "@domain/due-date";
import { customerFormSchema, type CustomerFormInput } from "~/components/customers/customer-schema";
import { parseForm } from "~/components/forms/parse-form";
import { requireCompanyCaller } from "./api-caller.server";
import { apiErrorReply } from "./api-form-errors.server";
import { archiveCustomer, deleteCustomer, getCustomer, saveCustomer, type Customer } from "./customers.server";
import { notFound } from "./errors.server";
import { remixI18next } from "./i18n.server";
import { readFormData } from "./read-form.server";
import { requireCompanyUser } from "./route-checks.server";
import { redirectWithNotice } from "./session.server";

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
    closing_day: text(customer.closing_day),
    payment_month_offset: text(customer.payment_month_offset),
    payment_day: text(customer.payment_day),
    holiday_shift: customer.holiday_shift,
    notes: text(customer.notes),
  };
}

export async function customerEditLoader({ request, params, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "customers-edit");
  return { ...customerFormPage, defaultValue: formValuesOf(await getCustomer(caller, String(idOf(params)))) };
}

export const customerCreateAction = ({ request, context }: ActionFunctionArgs) => customerFormAction(request, context, null);

export const customerEditAction = ({ request, params, context }: ActionFunctionArgs) => customerFormAction(request, context, idOf(params));

/**
 * The create and edit pages' action: save (or, on edit, archive or delete)
 * and go back to the list with a notice; the server's messages come back
 * beside the form with the input kept.
 */
async function customerFormAction(request: Request, context: AppLoadContext, existingId: number | null) {
  const { caller } = await requireCompanyCaller(request, context, existingId ? "customers-edit" : "customers-create");
  const formData = await readFormData(request);
  const t = await remixI18next.getFixedT(request);
  const intent = formData.get("intent");
  if (existingId && intent === "archive") {
    await archiveCustomer(caller, existingId);
    return redirectWithNotice(request, "/customers/list", "success", t("customer.archived"));
  }
  const submission = parseForm(formData, customerFormSchema);
  if (existingId && intent === "delete") {
    try {
      await deleteCustomer(caller, existingId);
    } catch (error) {
      // Still in use by documents: the message says so and the archive button is beside it.
      const { result, status } = apiErrorReply(submission, error);
      return data(result, { status });
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
