import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { useTexts } from "~/components/texts";
import customerTexts from "~/locales/ja/customer.json";
import { customerEdit as customerEditTitle } from "~/locales/ja/titlesMasters.json";
import { CustomerForm } from "~/routes/__customers/CustomerForm";
import { ConfirmAction, ConfirmPage } from "~/components/forms/ConfirmAction";
import { titleMeta } from "~/meta";
import { customerEditAction, customerEditLoader } from "~/routes/__customers/customer-form.server";

export const handle = { i18n: ["common"], screenName: "customers-edit" };

export const meta = titleMeta(customerEditTitle);

export const loader = customerEditLoader;

export const action = customerEditAction;

export default function CustomerEditPage() {
  const { t } = useTexts({ customer: customerTexts, titles: { customerEdit: customerEditTitle } });
  const { id, defaultValue, constraint, holidayShifts, confirm } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const location = useLocation();
  const name = defaultValue.name;
  const words = {
    archive: { title: t("customer.confirmArchive.title", { name }), body: t("customer.confirmArchive.body"), button: t("customer.archive") },
    delete: { title: t("customer.confirmDelete.title", { name }), body: t("customer.confirmDelete.body"), button: t("customer.delete") },
  };
  // A refused deletion (the customer is in use) is said on the form, also when it was confirmed on the page of its own.
  if (confirm && !lastResult) return <ConfirmPage action={confirm} words={words[confirm]} backTo={`/customers/edit/${id}`} />;
  return (
    <>
      <h1>{t("titles.customerEdit")}</h1>
      <CustomerForm key={String(defaultValue.version)} defaultValue={defaultValue} lastResult={lastResult} constraint={constraint} holidayShifts={holidayShifts} editing />
      {/* Keyed by the location: an answer (a refused deletion) closes the dialog, so its message on the form can be read. */}
      <p className="document-actions--danger" key={location.key}>
        <ConfirmAction action="archive" label={t("customer.archive")} words={words.archive} />{" "}
        <ConfirmAction action="delete" label={t("customer.delete")} words={words.delete} />
      </p>
    </>
  );
}
