import { Link } from "@remix-run/react";
import { formatListDate } from "@domain/datetime";
import { useTexts } from "~/components/texts";
import adminBanksTexts from "~/locales/ja/adminBanks.json";
import type { Reservation } from "~/routes/__admin-banks/admin-banks.server";
import { ScrollBox } from "./ScrollBox";

/** A reservation's status with its word (予定, 実施中, 終了, 取消), never colour alone. */
export function ReservationBadge({ reservation }: { reservation: Pick<Reservation, "status" | "status_label"> }) {
  return <span className={`admin-badge admin-badge--${reservation.status}`}>{reservation.status_label}</span>;
}

/** The bank's reservations, latest first, each linking to its page; cancelled ones stay listed. */
export function ReservationTable({ bankCode, reservations }: { bankCode: string; reservations: Reservation[] }) {
  const { t } = useTexts({ adminBanks: adminBanksTexts });
  if (reservations.length === 0) return <p>{t("adminBanks.reservations.empty")}</p>;
  return (
    <ScrollBox labelledBy="reservations-title">
      <table className="table table--list" data-testid="bank-reservations">
        <thead>
          <tr>
            <th scope="col">{t("adminBanks.reservations.id")}</th>
            <th scope="col">{t("adminBanks.reservations.target")}</th>
            <th scope="col" className="table__number">
              {t("adminBanks.reservations.freeMonths")}
            </th>
            <th scope="col">{t("adminBanks.reservations.period")}</th>
            <th scope="col">{t("adminBanks.reservations.status")}</th>
          </tr>
        </thead>
        <tbody>
          {reservations.map((reservation) => (
            <tr key={reservation.id}>
              <th scope="row">
                <Link to={`/admin/bank-setting/detail/${bankCode}/free-trial-reservation/${reservation.id}`} prefetch="none">
                  {t("adminBanks.reservation.heading", { id: reservation.id })}
                </Link>
              </th>
              <td>{reservation.branch_code ? `${reservation.branch_code} ${reservation.branch_name ?? ""}` : t("adminBanks.reservations.allBranches")}</td>
              <td className="table__number">
                {t("adminBanks.reservations.months", {
                  count: reservation.free_months,
                })}
              </td>
              <td className="table__nowrap">
                {formatListDate(reservation.start_date)}〜{formatListDate(reservation.finish_date)}
              </td>
              <td className="table__nowrap">
                <ReservationBadge reservation={reservation} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
