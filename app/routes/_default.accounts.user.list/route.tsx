import { Link, useLoaderData } from "@remix-run/react";
import { formatDateTimeJst } from "@domain/datetime";
import { useTexts } from "~/components/texts";
import accountUsersTexts from "~/locales/ja/accountUsers.json";
import { accountUsers as accountUsersTitle } from "~/locales/ja/titlesAccounts.json";
import { titleMeta } from "~/meta";
import { bankUserTypeText, registrationText, roleKeyOf, userNameOf } from "~/routes/__account-users/labels";
import { userListLoader } from "~/routes/__account-users/account-users-pages.server";
import type { RouteHandle } from "~/route-handle";

export const handle = { i18n: ["common"], screenName: "accounts-user-list", hydrate: false } satisfies RouteHandle;

export const meta = titleMeta(accountUsersTitle);

export const loader = userListLoader;

export default function AccountUserListPage() {
  const { t } = useTexts({ accountUsers: accountUsersTexts, titles: { accountUsers: accountUsersTitle } });
  const { users, me } = useLoaderData<typeof loader>();
  const column = (name: keyof typeof accountUsersTexts.columns) => t(`accountUsers.columns.${name}`);
  return (
    <>
      <h1>{t("titles.accountUsers")}</h1>
      <p>{t("accountUsers.listIntro")}</p>
      <p>
        <Link to="/accounts/change/permissions" prefetch="none">
          {t("accountUsers.permissionsLink")}
        </Link>
      </p>
      {users.length === 0 ? (
        <p className="card">{t("accountUsers.empty")}</p>
      ) : (
        /* Between the cards (below 480 px) and the width with the side menu, the table scrolls in its own box. */
        <div className="table-scroll">
          <table className="table table--cards table--list" data-testid="account-users">
            <thead>
              <tr>
                <th scope="col">{column("name")}</th>
                <th scope="col">{column("kana")}</th>
                <th scope="col">{column("email")}</th>
                <th scope="col">{column("bankUserType")}</th>
                <th scope="col">{column("role")}</th>
                <th scope="col">{column("registrationStatus")}</th>
                <th scope="col">{column("lastSignedInAt")}</th>
              </tr>
            </thead>
            <tbody>
              {users.map(({ userUniqueCode, profile, payment }) => (
                <tr key={userUniqueCode}>
                  <td>
                    <Link to={`/accounts/user/detail/${encodeURIComponent(userUniqueCode)}`} prefetch="none">
                      {profile ? userNameOf(profile) : userUniqueCode}
                    </Link>
                    {userUniqueCode === me ? ` ${t("accountUsers.you")}` : null}
                  </td>
                  <td data-label={column("kana")}>{profile ? `${profile.ba_user_last_name_kana} ${profile.ba_user_first_name_kana}` : t("accountUsers.notAtBank")}</td>
                  <td data-label={column("email")}>{profile?.ba_user_email}</td>
                  <td data-label={column("bankUserType")}>{profile ? bankUserTypeText(t, profile.ba_user_type) : null}</td>
                  <td className="table__nowrap" data-label={column("role")}>
                    {t(`accountUsers.roles.${roleKeyOf(payment)}`)}
                  </td>
                  <td className="table__nowrap" data-label={column("registrationStatus")}>
                    {registrationText(t, payment)}
                  </td>
                  <td className="table__nowrap" data-label={column("lastSignedInAt")}>
                    {payment?.last_signed_in_at ? formatDateTimeJst(payment.last_signed_in_at) : t("accountUsers.neverSignedIn")}
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
