import { Link } from "@remix-run/react";
import { formatListDate } from "@domain/datetime";
import type { ScheduleState } from "@domain/recurrence";
import { ConfirmAction, ConfirmPage } from "~/components/forms/ConfirmAction";
import { useTexts } from "~/components/texts";
import recurringTexts from "~/locales/ja/recurring.json";
import type { Run, ScheduleFormValues } from "~/routes/__recurring/recurring.server";
import { PauseButton, RunResult, StateBadge } from "../__recurring/RecurringListPage";
import { RecurringForm, type RecurringFormData } from "../__recurring/RecurringForm";
import { ApprovalPanel, type ApprovalPanelData } from "../__approvals/ApprovalPanel";

type DetailSchedule = {
  id: number;
  version: number;
  customerName: string;
  cycle: string;
  state: ScheduleState;
  nextRunOn: string | null;
  sourceDocumentId: number | null;
};

export function RecurringDetailPage({
  schedule,
  runs,
  values,
  confirm,
  approval,
  ...form
}: RecurringFormData & { schedule: DetailSchedule; runs: Run[]; values: ScheduleFormValues; confirm: boolean; approval: ApprovalPanelData | null }) {
  const { t } = useTexts({ recurring: recurringTexts });
  const words = {
    title: t("recurring.confirmDelete.title"),
    body: t("recurring.confirmDelete.body", { customer: schedule.customerName, cycle: schedule.cycle }),
    button: t("recurring.confirmDelete.button"),
  };
  if (confirm) return <ConfirmPage action="delete" words={words} backTo={`/billing/recurring/${schedule.id}`} />;
  const column = (name: keyof typeof recurringTexts.columns) => t(`recurring.columns.${name}`);
  return (
    <>
      <div className="recurring-header">
        <h1>
          {t("recurring.titleDetail")}: {schedule.customerName} <StateBadge state={schedule.state} />
        </h1>
        <PauseButton state={schedule.state} label={schedule.customerName} />
      </div>
      <p>
        {schedule.cycle} / {column("nextRun")}: {schedule.nextRunOn ? formatListDate(schedule.nextRunOn) : t("recurring.noNextRun")}
        {schedule.sourceDocumentId === null ? null : (
          <>
            {" / "}
            <Link to={`/invoices/detail/${schedule.sourceDocumentId}`} prefetch="none">
              {t("recurring.source")}
            </Link>
          </>
        )}
      </p>
      {approval ? <ApprovalPanel approval={approval} subject={schedule.customerName} reply={null} /> : null}
      <section className="card" aria-labelledby="recurring-runs-title">
        <h2 id="recurring-runs-title">{t("recurring.runs")}</h2>
        {runs.length === 0 ? (
          <p>{t("recurring.noRuns")}</p>
        ) : (
          <table className="table table--cards">
            <thead>
              <tr>
                <th scope="col">{column("period")}</th>
                <th scope="col">{column("runOn")}</th>
                <th scope="col">{column("result")}</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((run) => (
                <tr key={run.id}>
                  <td>
                    {run.period.slice(0, 4)}年{Number(run.period.slice(5))}月
                  </td>
                  <td data-label={column("runOn")}>{formatListDate(run.run_on)}</td>
                  <td data-label={column("result")}>
                    <RunResult run={run} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <RecurringForm key={schedule.version} defaultValue={values} version={schedule.version} {...form} />
      <p className="document-actions--danger">
        <ConfirmAction action="delete" label={t("recurring.delete")} words={words} />
      </p>
    </>
  );
}
