import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { useTexts } from "~/components/texts";
import { customerEdit as customerEditTitle } from "~/locales/ja/titlesPages.json";
import { CustomerForm } from "~/components/customers/CustomerForm";
import type { CustomerFormInput } from "~/components/customers/customer-schema";
import { titleMeta } from "~/meta";
import { requireCompanyCaller } from "~/services/api-caller.server";
import { customerFormAction, customerFormConstraint } from "~/services/customer-form.server";
import { getCustomer, type Customer } from "~/services/customers.server";
import { notFound } from "~/services/errors.server";

export const handle = { i18n: ["common"], screenName: "customers-edit" };

export const meta = titleMeta(customerEditTitle);

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

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "customers-edit");
  return { customer: formValuesOf(await getCustomer(caller, String(idOf(params)))), constraint: customerFormConstraint };
}

export function action({ request, params, context }: ActionFunctionArgs) {
  return customerFormAction(request, context, idOf(params));
}

export default function CustomerEditPage() {
  const { t } = useTexts({ titles: { customerEdit: customerEditTitle } });
  const { customer, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return (
    <>
      <h1>{t("titles.customerEdit")}</h1>
      <CustomerForm key={String(customer.version)} defaultValue={customer} lastResult={lastResult} constraint={constraint} editing />
    </>
  );
}
