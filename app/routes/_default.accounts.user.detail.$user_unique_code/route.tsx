import { Link, useLoaderData } from "@remix-run/react";
import { PAYMENT_ROLE } from "@domain/roles";
import { bankUserTypeText, registrationText, roleKeyOf, userNameOf } from "~/routes/__account-users/labels";
import { ConfirmAction, ConfirmPage } from "~/components/forms/ConfirmAction";
import { useTexts } from "~/components/texts";
import accountUsersTexts from "~/locales/ja/accountUsers.json";
import { accountUserDetail as accountUserDetailTitle } from "~/locales/ja/titlesAccounts.json";
import { titleMeta } from "~/meta";
import { userDetailAction, userDetailLoader, type UserIntent } from "~/routes/__account-users/account-users-pages.server";

const LIST_PATH = "/accounts/user/list";

export const handle = { i18n: ["common"], screenName: "accounts-user-detail" };

export const meta = titleMeta(accountUserDetailTitle);

export const loader = userDetailLoader;

export const action = userDetailAction;

export default function AccountUserDetailPage() {
  const { t } = useTexts({ accountUsers: accountUsersTexts, titles: { accountUserDetail: accountUserDetailTitle } });
  const { target, lastSignedIn, offered, lastOwner, self, confirm } = useLoaderData<typeof loader>();
  const { profile, payment } = target;
  const name = profile ? userNameOf(profile) : target.userUniqueCode;
  const here = `/accounts/user/detail/${encodeURIComponent(target.userUniqueCode)}`;
  const words = (intent: UserIntent) => ({
    title: t(`accountUsers.actions.${intent}.title`, { name }),
    body: t(`accountUsers.actions.${intent}.body`, { name }),
    button: t(`accountUsers.actions.${intent}.button`),
  });
  const version = payment ? <input type="hidden" name="version" value={String(payment.version)} /> : null;
  const tone = (intent: UserIntent) => (intent === "disable" || intent === "demote" ? "danger" : "normal");

  if (confirm) return <ConfirmPage action={confirm} words={words(confirm)} backTo={here} extra={version} tone={tone(confirm)} />;

  return (
    <>
      <h1>
        {t("titles.accountUserDetail")}：{name}
      </h1>
      <p>
        <Link to={LIST_PATH} prefetch="none">
          {t("accountUsers.backToList")}
        </Link>
      </p>
      <section className="card" aria-labelledby="profile-heading">
        <h2 id="profile-heading">{t("accountUsers.profileHeading")}</h2>
        {profile ? (
          <dl className="details">
            <dt>{t("accountUsers.columns.name")}</dt>
            <dd>{name}</dd>
            <dt>{t("accountUsers.columns.kana")}</dt>
            <dd>{`${profile.ba_user_last_name_kana} ${profile.ba_user_first_name_kana}`}</dd>
            <dt>{t("accountUsers.columns.email")}</dt>
            <dd>{profile.ba_user_email}</dd>
            <dt>{t("accountUsers.columns.bankUserType")}</dt>
            <dd>{bankUserTypeText(t, profile.ba_user_type)}</dd>
          </dl>
        ) : (
          <p>{t("accountUsers.notAtBank")}</p>
        )}
      </section>
      <section className="card" aria-labelledby="payment-heading">
        <h2 id="payment-heading">{t("accountUsers.paymentHeading")}</h2>
        <dl className="details">
          <dt>{t("accountUsers.columns.role")}</dt>
          <dd data-testid="payment-role">{t(`accountUsers.roles.${roleKeyOf(payment)}`)}</dd>
          <dt>{t("accountUsers.columns.registrationStatus")}</dt>
          <dd>{registrationText(t, payment)}</dd>
          <dt>{t("accountUsers.columns.lastSignedInAt")}</dt>
          <dd>{lastSignedIn ?? t("accountUsers.neverSignedIn")}</dd>
          {payment ? (
            <>
              <dt>{t("accountUsers.issuedReference")}</dt>
              <dd>{payment.role === PAYMENT_ROLE.owner ? t("accountUsers.permissions.issuedOptions.1") : t(`accountUsers.permissions.issuedOptions.${payment.reference_id === 1 ? "1" : "2"}`)}</dd>
              <dt>{t("accountUsers.receivedReference")}</dt>
              <dd>{payment.role === PAYMENT_ROLE.owner ? t("accountUsers.permissions.receivedOptions.1") : t(`accountUsers.permissions.receivedOptions.${payment.receive_reference_id === 1 ? "1" : "2"}`)}</dd>
            </>
          ) : null}
        </dl>
      </section>
      <section className="card" aria-labelledby="actions-heading">
        <h2 id="actions-heading">{t("accountUsers.actionsHeading")}</h2>
        {lastOwner ? <p>{t("accountUsers.lastOwner")}</p> : null}
        {self && offered.length > 0 ? <p>{t("accountUsers.selfWarning")}</p> : null}
        <p>
          {offered.map((intent) => (
            <span key={intent}>
              <ConfirmAction action={intent} label={t(`accountUsers.actions.${intent}.label`)} words={words(intent)} extra={version} tone={tone(intent)} />{" "}
            </span>
          ))}
        </p>
      </section>
    </>
  );
}
