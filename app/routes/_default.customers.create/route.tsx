import { useActionData, useLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { useTexts } from "~/components/texts";
import { customerCreate as customerCreateTitle } from "~/locales/ja/titlesMasters.json";
import { CustomerForm } from "~/routes/__customers/CustomerForm";
import { titleMeta } from "~/meta";
import { customerCreateAction, customerCreateLoader } from "~/routes/__customers/customer-form.server";

export const handle = { i18n: ["common"], screenName: "customers-create" };

export const meta = titleMeta(customerCreateTitle);

export const loader = customerCreateLoader;

export const action = customerCreateAction;

export default function CustomerCreatePage() {
  const { t } = useTexts({ titles: { customerCreate: customerCreateTitle } });
  const { defaultValue, constraint, holidayShifts } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return (
    <>
      <h1>{t("titles.customerCreate")}</h1>
      <CustomerForm defaultValue={defaultValue} lastResult={lastResult} constraint={constraint} holidayShifts={holidayShifts} editing={false} />
    </>
  );
}
