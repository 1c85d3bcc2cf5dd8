import type { SubmissionResult } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod";
import { Link, useLocation, useSearchParams } from "@remix-run/react";
import { formatDateTimeJst, formatListDate } from "@domain/datetime";
import { ConfirmAction, ConfirmPage } from "~/components/forms/ConfirmAction";
import { useTexts } from "~/components/texts";
import adminBanksTexts from "~/locales/ja/adminBanks.json";
import type { Branch, ReservationDetail } from "~/routes/__admin-banks/admin-banks.server";
import { AuditTrail } from "./AuditTrail";
import { ReservationForm } from "./ReservationForm";
import { ReservationBadge } from "./ReservationTable";

type Bank = { bank_code: string; name: string; branches: Branch[] };

function BackToBank({ bank }: { bank: Bank }) {
  const { t } = useTexts({ adminBanks: adminBanksTexts });
  return (
    <p>
      <Link to={`/admin/bank-setting/detail/${bank.bank_code}`} prefetch="none">
        {t("adminBanks.backToBank", { bank: bank.name })}
      </Link>
    </p>
  );
}

/** A free-trial reservation: what it is, its edit form before it starts, its cancellation (asked first) and its audit. */
export function ReservationPage({
  reservation,
  bank,
  constraint,
  lastResult,
}: {
  reservation: ReservationDetail;
  bank: Bank;
  constraint: ReturnType<typeof getZodConstraint>;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTexts({ adminBanks: adminBanksTexts });
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const base = `/admin/bank-setting/detail/${bank.bank_code}/free-trial-reservation/${reservation.id}`;
  const cancelable = reservation.can_change && (reservation.status === "scheduled" || reservation.status === "running");
  const editable = reservation.can_change && reservation.status === "scheduled";
  const cancelWords = {
    title: t("adminBanks.reservation.cancelTitle"),
    body: t("adminBanks.reservation.cancelBody"),
    button: t("adminBanks.reservation.cancel"),
  };
  const version = <input type="hidden" name="version" value={String(reservation.version)} />;
  if (cancelable && searchParams.get("confirm") === "cancel") {
    return <ConfirmPage action="cancel" words={cancelWords} backTo={base} extra={version} />;
  }
  const label = (name: keyof typeof adminBanksTexts.reservation.fields) => t(`adminBanks.reservation.fields.${name}`);
  return (
    <>
      <h1>
        {t("adminBanks.reservation.heading", { id: reservation.id })} <ReservationBadge reservation={reservation} />
        <span className="admin-subtitle">
          {bank.bank_code} {bank.name}
        </span>
      </h1>
      <div className="admin-detail">
        <div className="admin-detail__main">
          <section className="card">
            <dl className="details" data-testid="reservation-record">
              <div>
                <dt>{label("branch_code")}</dt>
                <dd>{reservation.branch_code ? `${reservation.branch_code} ${reservation.branch_name ?? ""}` : t("adminBanks.reservations.allBranches")}</dd>
              </div>
              <div>
                <dt>{label("free_months")}</dt>
                <dd>
                  {t("adminBanks.reservations.months", {
                    count: reservation.free_months,
                  })}
                </dd>
              </div>
              <div>
                <dt>{t("adminBanks.reservations.period")}</dt>
                <dd>
                  {formatListDate(reservation.start_date)}〜{formatListDate(reservation.finish_date)}
                </dd>
              </div>
              {reservation.canceled_at ? (
                <div>
                  <dt>{t("adminBanks.reservation.canceledAt")}</dt>
                  <dd>{formatDateTimeJst(reservation.canceled_at)}</dd>
                </div>
              ) : null}
              <div>
                <dt>{t("adminBanks.reservation.createdBy")}</dt>
                <dd>{reservation.created_by ?? "—"}</dd>
              </div>
              <div>
                <dt>{t("adminBanks.reservation.version")}</dt>
                <dd>{reservation.version}</dd>
              </div>
            </dl>
            {!reservation.can_change ? <p className="field__hint">{t("adminBanks.readOnly")}</p> : null}
            {reservation.can_change && reservation.status === "running" ? <p className="field__hint">{t("adminBanks.reservation.started")}</p> : null}
          </section>
          {editable ? (
            <section className="card" aria-labelledby="reservation-edit-title">
              <h2 id="reservation-edit-title">{t("adminBanks.reservation.edit")}</h2>
              <ReservationForm
                key={reservation.version}
                defaultValue={{
                  version: reservation.version,
                  branch_code: reservation.branch_code ?? "",
                  free_months: reservation.free_months,
                  start_date: reservation.start_date,
                  finish_date: reservation.finish_date,
                }}
                branches={bank.branches}
                lastResult={lastResult}
                constraint={constraint}
                submitLabel={t("adminBanks.reservation.save")}
              />
            </section>
          ) : null}
          {cancelable ? (
            <section className="card button-row--danger">
              {/* Keyed by the location: the page the action redirects back to closes the dialog. */}
              <ConfirmAction key={location.key} action="cancel" label={t("adminBanks.reservation.cancel")} words={cancelWords} extra={version} />
            </section>
          ) : null}
        </div>
        <div className="admin-detail__side">
          <AuditTrail entries={reservation.audit} />
        </div>
      </div>
      <BackToBank bank={bank} />
    </>
  );
}

/** The page that makes a reservation for the bank. */
export function ReservationCreatePage({
  title,
  bank,
  constraint,
  lastResult,
}: {
  title: string;
  bank: Bank;
  constraint: ReturnType<typeof getZodConstraint>;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTexts({ adminBanks: adminBanksTexts });
  return (
    <>
      <h1>
        {title}
        <span className="admin-subtitle">
          {bank.bank_code} {bank.name}
        </span>
      </h1>
      <p className="field__hint">{t("adminBanks.reservations.lead")}</p>
      <section className="card">
        <ReservationForm
          defaultValue={{
            branch_code: "",
            free_months: 1,
            start_date: "",
            finish_date: "",
          }}
          branches={bank.branches}
          lastResult={lastResult}
          constraint={constraint}
          submitLabel={t("adminBanks.reservation.createSubmit")}
        />
      </section>
      <BackToBank bank={bank} />
    </>
  );
}
