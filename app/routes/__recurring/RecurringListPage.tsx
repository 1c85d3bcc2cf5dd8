import { Form, Link } from "@remix-run/react";
import { formatListDate } from "@domain/datetime";
import type { ScheduleState } from "@domain/recurrence";
import { useTexts } from "~/components/texts";
import recurringTexts from "~/locales/ja/recurring.json";
import type { Run } from "~/routes/__recurring/recurring.server";

/*
 * The schedules' list, apart from the create and detail pages: the list loads no form code (conform, zod),
 * which would put it over the 100 KiB a page may load (issue 14).
 */

const STATE_CLASSES: Record<ScheduleState, string> = {
  active: "stage-badge stage-badge--issued",
  paused: "stage-badge stage-badge--draft",
  ended: "stage-badge stage-badge--draft",
};

export function StateBadge({ state }: { state: ScheduleState }) {
  const { t } = useTexts({ recurring: recurringTexts });
  return <span className={STATE_CLASSES[state]}>{t(`recurring.states.${state}`)}</span>;
}

/** A run's outcome: the invoice it made (a link), or why nothing was made, in words. */
export function RunResult({ run }: { run: Run | null }) {
  const { t } = useTexts({ recurring: recurringTexts });
  if (!run) return <>{t("recurring.noRun")}</>;
  return (
    <>
      <span className={run.status === "error" ? "recurring-result recurring-result--error" : "recurring-result"}>
        {t(`recurring.runStatuses.${run.status}`)}
      </span>{" "}
      {run.document_id !== null ? (
        <Link to={`/invoices/detail/${run.document_id}`} prefetch="none">
          {t("recurring.invoiceNumber", { number: run.document_number ?? "" })}
        </Link>
      ) : null}
      {run.error ? <span className="recurring-result__error"> {run.error}</span> : null}
    </>
  );
}

/** 一時停止 or 再開 as a one-button form: neither loses anything, so neither asks first. */
export function PauseButton({ id, state, label }: { id?: number; state: ScheduleState; label: string }) {
  const { t } = useTexts({ recurring: recurringTexts });
  if (state === "ended") return null;
  const intent = state === "paused" ? "resume" : "pause";
  return (
    <Form method="post" className="recurring-inline-form">
      {id === undefined ? null : <input type="hidden" name="id" value={String(id)} />}
      <button type="submit" name="intent" value={intent} className="button button--secondary" aria-label={`${t(`recurring.${intent}`)}（${label}）`}>
        {t(`recurring.${intent}`)}
      </button>
    </Form>
  );
}

type ListRow = { id: number; customerName: string; subject: string | null; cycle: string; nextRunOn: string | null; state: ScheduleState; lastRun: Run | null };

export function RecurringListPage({ schedules }: { schedules: ListRow[] }) {
  const { t } = useTexts({ recurring: recurringTexts });
  const column = (name: keyof typeof recurringTexts.columns) => t(`recurring.columns.${name}`);
  return (
    <>
      <h1>{t("recurring.titleList")}</h1>
      <p>{t("recurring.intro")}</p>
      {schedules.length === 0 ? (
        <p className="card">
          {t("recurring.none")}{" "}
          <Link to="/invoices/list" prefetch="none">
            {t("recurring.toInvoices")}
          </Link>
        </p>
      ) : (
        /* Between the cards (below 480 px) and the width with the side menu, the table scrolls in its own box. */
        <div className="table-scroll">
          <table className="table table--cards table--list" data-testid="recurring-schedules">
            <thead>
              <tr>
                <th scope="col">{column("customer")}</th>
                <th scope="col">{column("subject")}</th>
                <th scope="col">{column("cycle")}</th>
                <th scope="col">{column("nextRun")}</th>
                <th scope="col">{column("lastResult")}</th>
                <th scope="col">{column("state")}</th>
                <th scope="col">{column("actions")}</th>
              </tr>
            </thead>
            <tbody>
              {schedules.map((schedule) => (
                <tr key={schedule.id}>
                  <td>
                    <Link to={`/billing/recurring/${schedule.id}`} prefetch="none" className="table__name" title={schedule.customerName}>
                      {schedule.customerName}
                    </Link>
                  </td>
                  <td data-label={column("subject")}>{schedule.subject}</td>
                  <td className="table__nowrap" data-label={column("cycle")}>
                    {schedule.cycle}
                  </td>
                  <td className="table__nowrap" data-label={column("nextRun")}>
                    {schedule.nextRunOn ? formatListDate(schedule.nextRunOn) : t("recurring.noNextRun")}
                  </td>
                  <td data-label={column("lastResult")}>
                    <RunResult run={schedule.lastRun} />
                  </td>
                  <td className="table__nowrap" data-label={column("state")}>
                    <StateBadge state={schedule.state} />
                  </td>
                  <td data-label={column("actions")}>
                    <PauseButton id={schedule.id} state={schedule.state} label={schedule.customerName} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
