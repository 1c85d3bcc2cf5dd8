import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { useTexts } from "~/components/texts";
import { customerCreate as customerCreateTitle } from "~/locales/ja/titlesPages.json";
import { DEFAULT_HOLIDAY_SHIFT } from "@domain/due-date";
import { CustomerForm } from "~/components/customers/CustomerForm";
import { titleMeta } from "~/meta";
import { customerFormAction, customerFormConstraint } from "~/services/customer-form.server";
import { requireCompanyUser } from "~/services/route-checks.server";

export const handle = { i18n: ["common"], screenName: "customers-create" };

export const meta = titleMeta(customerCreateTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCompanyUser(request);
  return { constraint: customerFormConstraint };
}

export function action({ request, context }: ActionFunctionArgs) {
  return customerFormAction(request, context, null);
}

export default function CustomerCreatePage() {
  const { t } = useTexts({ titles: { customerCreate: customerCreateTitle } });
  const { constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return (
    <>
      <h1>{t("titles.customerCreate")}</h1>
      <CustomerForm defaultValue={{ name: "", honorific: "御中", holiday_shift: DEFAULT_HOLIDAY_SHIFT }} lastResult={lastResult} constraint={constraint} editing={false} />
    </>
  );
}
