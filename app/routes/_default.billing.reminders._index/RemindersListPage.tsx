import { Link } from "@remix-run/react";
import { OVERDUE_BUCKETS, type OverdueBucket } from "@domain/reminders";
import { IgnoredFilters } from "~/components/lists/IgnoredFilters";
import { ListPaging, type ListLinks } from "~/components/lists/ListControls";
import { useTexts } from "~/components/texts";
import reminderTexts from "~/locales/ja/reminders.json";
import { overdueListHref, REMINDERS_PATH } from "../__reminders/paths";

type Row = {
  id: number;
  number: string;
  customer: string;
  dueDate: string;
  days: number;
  amountDue: string;
  balance: string;
  sent: number;
  lastSent: string | null;
};

type Props = { asOf: string; bucket: OverdueBucket | null; page: number; perPage: number; total: number; items: Row[]; ignored: string[] };

const num = "table__number";

/** The overdue invoices, longest overdue first, each with its reminders and the way to write one. */
export function RemindersListPage({ asOf, bucket, page, perPage, total, items, ignored }: Props) {
  const { t } = useTexts({ reminders: reminderTexts });
  const column = (name: keyof typeof reminderTexts.list.columns) => t(`reminders.list.columns.${name}`);
  // The list has one order (days overdue); paging keeps the bucket.
  const links: ListLinks<"days"> = {
    sort: "days",
    order: "desc",
    page,
    sortHref: () => overdueListHref(bucket),
    pageHref: (next) => overdueListHref(bucket, next),
  };
  const filters: Array<{ key: OverdueBucket | null; label: string }> = [
    { key: null, label: t("reminders.list.all") },
    ...OVERDUE_BUCKETS.map((key) => ({ key, label: t(`reminders.list.buckets.${key}`) })),
  ];
  return (
    <>
      <h1>{t("reminders.list.heading")}</h1>
      <p>{t("reminders.list.intro")}</p>
      <IgnoredFilters names={ignored} />
      <nav className="card reminder-filters" aria-label={t("reminders.list.filter")}>
        <span className="reminder-filters__label">{t("reminders.list.filter")}</span>
        <ul className="reminder-filters__list">
          {filters.map((filter) => (
            <li key={filter.key ?? "all"}>
              <Link
                to={overdueListHref(filter.key)}
                prefetch="none"
                aria-current={filter.key === bucket ? "page" : undefined}
                className="reminder-filters__link"
              >
                {filter.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {items.length === 0 ? (
        <p className="card">{bucket ? t("reminders.list.emptyBucket") : t("reminders.list.empty")}</p>
      ) : (
        <>
          <p className="reminder-summary" data-testid="reminders-summary">
            {t("reminders.list.asOf", { date: asOf })} <ListPaging links={links} total={total} perPage={perPage} placement="count" />
          </p>
          {/* Between the cards (below 480 px) and the width with the side menu, the table scrolls in its own box. */}
          <div className="table-scroll">
            <table className="table table--cards table--list reminder-table" data-testid="overdue-invoices">
              <thead>
                <tr>
                  <th scope="col">{column("number")}</th>
                  <th scope="col">{column("customer")}</th>
                  <th scope="col">{column("dueDate")}</th>
                  <th scope="col" className={num} aria-sort="descending">
                    {column("days")}
                  </th>
                  <th scope="col" className={num}>
                    {column("amountDue")}
                  </th>
                  <th scope="col" className={num}>
                    {column("balance")}
                  </th>
                  <th scope="col">{column("reminders")}</th>
                  <th scope="col">{column("action")}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((row) => (
                  <tr key={row.id} data-testid={`overdue-${row.number}`}>
                    <td className="table__nowrap">
                      <Link to={`/invoices/detail/${row.id}`} prefetch="none">
                        {row.number}
                      </Link>
                    </td>
                    <td data-label={column("customer")}>
                      <span className="table__name" title={row.customer}>
                        {row.customer}
                      </span>
                    </td>
                    <td className="table__nowrap" data-label={column("dueDate")}>
                      {row.dueDate}
                    </td>
                    <td data-label={column("days")} className={`${num} reminder-table__days`}>
                      {t("reminders.compose.days", { days: row.days })}
                    </td>
                    <td data-label={column("amountDue")} className={num}>
                      {row.amountDue}
                    </td>
                    <td data-label={column("balance")} className={num}>
                      {row.balance}
                    </td>
                    <td data-label={column("reminders")} data-testid="reminders-sent">
                      {row.lastSent ? t("reminders.list.sent", { count: row.sent, date: row.lastSent }) : t("reminders.list.notSent")}
                    </td>
                    <td>
                      <Link
                        to={`${REMINDERS_PATH}/${row.id}`}
                        prefetch="none"
                        className="button button--secondary"
                        aria-label={t("reminders.list.composeFor", { number: row.number })}
                      >
                        {t("reminders.list.compose")}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ListPaging links={links} total={total} perPage={perPage} placement="links" />
        </>
      )}
    </>
  );
}
