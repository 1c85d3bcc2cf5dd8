import { Link } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import recurringTexts from "~/locales/ja/recurring.json";
import type { ScheduleFormValues } from "~/routes/__recurring/recurring.server";
import { RecurringForm, type RecurringFormData } from "../__recurring/RecurringForm";

/** The create page, from an invoice: a module apart from the detail page, whose badges and delete confirmation it does not load. */
export function RecurringCreatePage({
  source,
  defaults,
  ...form
}: RecurringFormData & { source: { id: number; number: string; customerName: string }; defaults: ScheduleFormValues }) {
  const { t } = useTexts({ recurring: recurringTexts });
  return (
    <>
      <h1>{t("recurring.titleCreate")}</h1>
      <p className="card">
        {t("recurring.source")}:{" "}
        <Link to={`/invoices/detail/${source.id}`} prefetch="none">
          {source.number}
        </Link>{" "}
        — {t("recurring.sourceSummary", { number: source.number, customer: source.customerName })}
      </p>
      <RecurringForm defaultValue={defaults} {...form} />
    </>
  );
}
