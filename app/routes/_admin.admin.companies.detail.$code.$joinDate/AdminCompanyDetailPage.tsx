import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { BANK_ACCOUNT_TYPES } from "@domain/codes";
import { formatDateTimeJst, formatListDate } from "@domain/datetime";
import { DOCUMENT_KINDS } from "@domain/document-kinds";
import { useTexts } from "~/components/texts";
import adminCompaniesTexts from "~/locales/ja/adminCompanies.json";
import type { AdminCompanyDetail } from "~/routes/__admin-companies/admin-companies.server";
import { ScrollBox } from "../__admin-banks/ScrollBox";
import { companyDetailPath } from "../__admin-companies/AdminCompaniesPage";

type Row = [string, ReactNode];

function Details({ rows, testId }: { rows: Row[]; testId: string }) {
  return (
    <dl className="details" data-testid={testId}>
      {rows
        .filter(([, value]) => value !== null && value !== "" && value !== undefined)
        .map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

const date = (value: string | null) => (value ? formatListDate(value) : null);

/**
 * A company as its bank sees it (decision 027): the enrollment of this join
 * date, the profile, plan history with amounts, users, usage counts and the
 * payment method. Never the contents of its documents.
 */
export function AdminCompanyDetailPage({ company }: { company: AdminCompanyDetail }) {
  const { t } = useTexts({ adminCompanies: adminCompaniesTexts });
  const { enrollment, profile, usage, payment } = company;
  const yen = (amount: number | null, total: number | null) =>
    amount === null || total === null ? null : t("adminCompanies.detail.yen", { amount: amount.toLocaleString("ja-JP"), total: total.toLocaleString("ja-JP") });
  const eventLabel = (event: string) => (event in adminCompaniesTexts.detail.events ? t(`adminCompanies.detail.events.${event as "register"}`) : event);
  const roleLabel = (role: number) =>
    String(role) in adminCompaniesTexts.detail.roles ? t(`adminCompanies.detail.roles.${String(role) as "1"}`) : String(role);
  const usageRows: Array<[string, (month: AdminCompanyDetail["usage"]["this_month"]) => number]> = [
    ...DOCUMENT_KINDS.map((kind): [string, (month: AdminCompanyDetail["usage"]["this_month"]) => number] => [
      t("adminCompanies.detail.issued", { kind: kind.label }),
      (month) => month.documents_issued[kind.id] ?? 0,
    ]),
    [t("adminCompanies.detail.usageRows.mails"), (month) => month.mails_sent],
    [
      `${t("adminCompanies.detail.usageRows.receivedFiles")}${t("adminCompanies.detail.receiveLimit", { max: usage.max_receive_files })}`,
      (month) => month.received_files,
    ],
  ];

  return (
    <>
      <h1>{enrollment.company_name}</h1>
      <p>
        <Link to="/admin/companies/list" prefetch="none">
          {t("adminCompanies.detail.backToList")}
        </Link>
      </p>
      <section aria-labelledby="admin-company-enrollment">
        <h2 id="admin-company-enrollment">
          {company.is_current
            ? t("adminCompanies.detail.currentEnrollment")
            : t("adminCompanies.detail.pastEnrollment", { joinDate: date(company.join_date) ?? "", withdrawalDate: date(enrollment.withdrawal_date) ?? "" })}
        </h2>
        <Details
          testId="admin-company-enrollment"
          rows={[
            [t("adminCompanies.detail.fields.code"), company.company_unique_code],
            [t("adminCompanies.detail.fields.bank"), enrollment.bank_name ?? enrollment.bank_code],
            [t("adminCompanies.detail.fields.branch"), enrollment.branch_name ?? enrollment.branch_code],
            [t("adminCompanies.detail.fields.plan"), enrollment.plan_name ?? String(enrollment.plan_id)],
            [t("adminCompanies.detail.fields.amount"), yen(enrollment.amount, enrollment.total_amount)],
            [t("adminCompanies.detail.fields.status"), <strong data-testid="admin-company-status">{enrollment.status_label}</strong>],
            [t("adminCompanies.detail.fields.join_date"), date(enrollment.join_date)],
            [t("adminCompanies.detail.fields.start_date"), date(enrollment.start_date)],
            [t("adminCompanies.detail.fields.end_date"), date(enrollment.end_date)],
            [t("adminCompanies.detail.fields.withdrawal_date"), date(enrollment.withdrawal_date)],
            [
              t("adminCompanies.detail.fields.campaign"),
              enrollment.is_campaign_applied
                ? t("adminCompanies.detail.campaignApplied", {
                    months: enrollment.applied_campaign_num_of_months ?? 0,
                    start: date(enrollment.applied_campaign_start_date) ?? "",
                    finish: date(enrollment.applied_campaign_finish_date) ?? "",
                  })
                : t("adminCompanies.detail.campaignNone"),
            ],
          ]}
        />
        {company.enrollments.length > 1 ? (
          <>
            <h3>{t("adminCompanies.detail.otherEnrollments")}</h3>
            <ul data-testid="admin-company-enrollments">
              {company.enrollments.map((other) => (
                <li key={other.join_date}>
                  {other.join_date === company.join_date ? (
                    <span aria-current="page">
                      {date(other.join_date)}〜{date(other.withdrawal_date) ?? ""} {other.status_label}
                    </span>
                  ) : (
                    <Link to={companyDetailPath(company.company_unique_code, other.join_date)} prefetch="none">
                      {date(other.join_date)}〜{date(other.withdrawal_date) ?? ""} {other.status_label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      <section aria-labelledby="admin-company-profile">
        <h2 id="admin-company-profile">{t("adminCompanies.detail.profileHeading")}</h2>
        {profile ? (
          <Details
            testId="admin-company-profile"
            rows={[
              [t("adminCompanies.detail.fields.name"), enrollment.company_name],
              [t("adminCompanies.detail.fields.registered_name"), profile.registered_name],
              [t("adminCompanies.detail.fields.department"), profile.department_name],
              [t("adminCompanies.detail.fields.pic"), profile.pic_name],
              [
                t("adminCompanies.detail.fields.address"),
                [profile.postal_code ? `〒${profile.postal_code}` : "", profile.address1, profile.address2].filter(Boolean).join(" "),
              ],
              [t("adminCompanies.detail.fields.tel"), profile.tel],
              [t("adminCompanies.detail.fields.email"), profile.email],
              [t("adminCompanies.detail.fields.registered_no"), profile.registered_no],
            ]}
          />
        ) : (
          <p>{t("adminCompanies.detail.noProfile")}</p>
        )}
      </section>

      <section aria-labelledby="admin-company-history">
        <h2 id="admin-company-history">{t("adminCompanies.detail.planHistoryHeading")}</h2>
        {company.plan_history.length === 0 ? (
          <p>{t("adminCompanies.detail.noPlanHistory")}</p>
        ) : (
          <ScrollBox labelledBy="admin-company-history">
            <table className="table table--list" data-testid="admin-company-history">
              <thead>
                <tr>
                  <th scope="col">{t("adminCompanies.detail.historyColumns.date")}</th>
                  <th scope="col">{t("adminCompanies.detail.historyColumns.event")}</th>
                  <th scope="col">{t("adminCompanies.detail.historyColumns.plan")}</th>
                  <th scope="col">{t("adminCompanies.detail.historyColumns.amount")}</th>
                  <th scope="col">{t("adminCompanies.detail.historyColumns.user")}</th>
                </tr>
              </thead>
              <tbody>
                {company.plan_history.map((entry, index) => (
                  <tr key={index}>
                    <td className="table__nowrap">{formatDateTimeJst(entry.occurred_at)}</td>
                    <td>{eventLabel(entry.event)}</td>
                    <td>{entry.previous_plan_name ? `${entry.previous_plan_name} → ${entry.plan_name ?? entry.plan_id}` : entry.plan_name ?? entry.plan_id}</td>
                    <td className="table__number">{yen(entry.amount, entry.total_amount)}</td>
                    <td>{entry.user_name ?? entry.user_unique_code ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        )}
      </section>

      <section aria-labelledby="admin-company-users">
        <h2 id="admin-company-users">{t("adminCompanies.detail.usersHeading")}</h2>
        <ScrollBox labelledBy="admin-company-users">
          <table className="table table--list" data-testid="admin-company-users">
            <thead>
              <tr>
                <th scope="col">{t("adminCompanies.detail.userColumns.code")}</th>
                <th scope="col">{t("adminCompanies.detail.userColumns.role")}</th>
                <th scope="col">{t("adminCompanies.detail.userColumns.start")}</th>
                <th scope="col">{t("adminCompanies.detail.userColumns.lastSignIn")}</th>
              </tr>
            </thead>
            <tbody>
              {company.users.map((user) => (
                <tr key={user.user_unique_code}>
                  <td className="table__nowrap">{user.user_unique_code}</td>
                  <td className="table__nowrap">{roleLabel(user.role)}</td>
                  <td className="table__nowrap">{date(user.use_start_date) ?? ""}</td>
                  <td className="table__nowrap">{user.last_signed_in_at ? formatDateTimeJst(user.last_signed_in_at) : t("adminCompanies.detail.neverSignedIn")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      </section>

      <section aria-labelledby="admin-company-usage">
        <h2 id="admin-company-usage">{t("adminCompanies.detail.usageHeading")}</h2>
        <p className="field__hint">{t("adminCompanies.detail.usageNote")}</p>
        <div className="table-scroll">
          <table className="table" data-testid="admin-company-usage">
            <thead>
              <tr>
                <th scope="col">{t("adminCompanies.detail.usageColumns.item")}</th>
                <th scope="col">{t("adminCompanies.detail.usageColumns.thisMonth", { month: usage.this_month.month })}</th>
                <th scope="col">{t("adminCompanies.detail.usageColumns.lastMonth", { month: usage.last_month.month })}</th>
              </tr>
            </thead>
            <tbody>
              {usageRows.map(([label, read]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td className="table__number">{read(usage.this_month)}</td>
                  <td className="table__number">{read(usage.last_month)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="admin-company-payment">
        <h2 id="admin-company-payment">{t("adminCompanies.detail.paymentHeading")}</h2>
        {payment?.payment_method ? (
          <Details
            testId="admin-company-payment"
            rows={[
              [
                t("adminCompanies.detail.fields.payment_method"),
                payment.payment_method in adminCompaniesTexts.detail.paymentMethods
                  ? t(`adminCompanies.detail.paymentMethods.${payment.payment_method as "debit"}`)
                  : payment.payment_method,
              ],
              [
                t("adminCompanies.detail.fields.debit_account"),
                payment.debit_account_no
                  ? [
                      payment.debit_bank_code,
                      payment.debit_branch_code,
                      BANK_ACCOUNT_TYPES.find((type) => type.id === payment.debit_account_type)?.label,
                      payment.debit_account_no,
                      payment.debit_account_name,
                    ]
                      .filter(Boolean)
                      .join(" ")
                  : null,
              ],
            ]}
          />
        ) : (
          <p>{t("adminCompanies.detail.noPayment")}</p>
        )}
      </section>
    </>
  );
}
