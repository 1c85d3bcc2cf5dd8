import { useActionData, useLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { useTexts } from "~/components/texts";
import { customerEdit as customerEditTitle } from "~/locales/ja/titlesMasters.json";
import { CustomerForm } from "~/components/customers/CustomerForm";
import { titleMeta } from "~/meta";
import { customerEditAction, customerEditLoader } from "~/services/customer-form.server";

export const handle = { i18n: ["common"], screenName: "customers-edit" };

export const meta = titleMeta(customerEditTitle);

export const loader = customerEditLoader;

export const action = customerEditAction;

export default function CustomerEditPage() {
  const { t } = useTexts({ titles: { customerEdit: customerEditTitle } });
  const { defaultValue, constraint, holidayShifts } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return (
    <>
      <h1>{t("titles.customerEdit")}</h1>
      <CustomerForm key={String(defaultValue.version)} defaultValue={defaultValue} lastResult={lastResult} constraint={constraint} holidayShifts={holidayShifts} editing />
    </>
  );
}
