import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { USER_CODE_PATTERN } from "@domain/account-users";
import { formatJapaneseDateTime } from "@domain/datetime";
import { PAYMENT_ROLE, type PaymentRole } from "@domain/roles";
import { bankUserTypeText, registrationText, roleKeyOf, userNameOf } from "~/components/account-users/labels";
import { ConfirmAction, ConfirmPage } from "~/components/forms/ConfirmAction";
import { useTexts } from "~/components/texts";
import accountUsersTexts from "~/locales/ja/accountUsers.json";
import { accountUserDetail as accountUserDetailTitle } from "~/locales/ja/titlesAccounts.json";
import { titleMeta } from "~/meta";
import { changeRole, enableUser, getCompanyUser, listPaymentUsers, ownerCount, type CompanyUser } from "~/services/account-users.server";
import { requireOwnerCaller } from "~/services/api-caller.server";
import { notFound } from "~/services/errors.server";
import { remixI18next } from "~/services/i18n.server";
import { PaymentApiValidationError, type PaymentApiCaller } from "~/services/payment-api.server";
import { redirectWithNotice } from "~/services/session.server";

const SCREEN_NAME = "accounts-user-detail";
const LIST_PATH = "/accounts/user/list";

export const handle = { i18n: ["common"], screenName: SCREEN_NAME };

export const meta = titleMeta(accountUserDetailTitle);

/** The changes an owner can make to a user; each asks first (DESIGN.md). */
const INTENTS = ["enable", "disable", "makeOwner", "demote"] as const;
type Intent = (typeof INTENTS)[number];

/** The role each change leads to. */
const ROLE_AFTER: Record<Intent, PaymentRole> = { enable: PAYMENT_ROLE.user, disable: PAYMENT_ROLE.invalid, makeOwner: PAYMENT_ROLE.owner, demote: PAYMENT_ROLE.user };

function codeOf(params: { user_unique_code?: string }): string {
  const code = params.user_unique_code ?? "";
  if (!USER_CODE_PATTERN.test(code)) throw notFound();
  return code;
}

/**
 * What the page offers for the user as they are: never a change that would
 * leave the company without an owner (the API refuses it too).
 */
function offeredIntents(payment: CompanyUser["payment"], owners: number): Intent[] {
  if (!payment || payment.role === PAYMENT_ROLE.invalid) return ["enable"];
  if (payment.role === PAYMENT_ROLE.user) return ["makeOwner", "disable"];
  return owners > 1 ? ["demote", "disable"] : [];
}

async function pageState(caller: PaymentApiCaller, code: string) {
  const [target, paymentUsers] = await Promise.all([getCompanyUser(caller, code), listPaymentUsers(caller)]);
  const owners = ownerCount(paymentUsers);
  return { target, offered: offeredIntents(target.payment, owners), lastOwner: target.payment?.role === PAYMENT_ROLE.owner && owners <= 1 };
}

const intentOf = (value: unknown): Intent | null => ((INTENTS as readonly unknown[]).includes(value) ? (value as Intent) : null);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, caller } = await requireOwnerCaller(request, context, SCREEN_NAME);
  const code = codeOf(params);
  const { target, offered, lastOwner } = await pageState(caller, code);
  const asked = intentOf(new URL(request.url).searchParams.get("confirm"));
  return {
    target,
    lastSignedIn: target.payment?.last_signed_in_at ? formatJapaneseDateTime(target.payment.last_signed_in_at) : null,
    offered,
    lastOwner,
    self: code === user.userUniqueCode,
    confirm: asked && offered.includes(asked) ? asked : null,
  };
}

/**
 * Carries out a change the page offered: without `confirmed=yes` it goes to
 * the confirmation first. A refusal (stale version, last owner) comes back
 * as an error notice on the page.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, caller } = await requireOwnerCaller(request, context, SCREEN_NAME);
  const code = codeOf(params);
  const here = `/accounts/user/detail/${encodeURIComponent(code)}`;
  const formData = await request.formData();
  const intent = intentOf(formData.get("intent"));
  if (!intent) return redirect(here);
  if (formData.get("confirmed") !== "yes") return redirect(`${here}?confirm=${intent}`);
  const { target, offered } = await pageState(caller, code);
  const t = await remixI18next.getFixedT(request);
  // The user changed since the page was shown (another owner acted): say so rather than do something not offered.
  if (!offered.includes(intent)) return redirectWithNotice(request, here, "error", t("accountUsers.notOffered"));
  const name = target.profile ? userNameOf(target.profile) : code;
  const role = ROLE_AFTER[intent];
  try {
    if (target.payment) await changeRole(caller, code, role, Number(formData.get("version")));
    else await enableUser(caller, code);
  } catch (error) {
    if (!(error instanceof PaymentApiValidationError)) throw error;
    return redirectWithNotice(request, here, "error", error.message);
  }
  const done = t(`accountUsers.done.${intent}`, { name });
  // An owner who gave up their own ownership can no longer manage users: the session learns it, and they go to the top page.
  if (code === user.userUniqueCode && role !== PAYMENT_ROLE.owner) return redirectWithNotice(request, "/top", "success", done, { ...user, paymentRole: role });
  return redirectWithNotice(request, here, "success", done);
}

export default function AccountUserDetailPage() {
  const { t } = useTexts({ accountUsers: accountUsersTexts, titles: { accountUserDetail: accountUserDetailTitle } });
  const { target, lastSignedIn, offered, lastOwner, self, confirm } = useLoaderData<typeof loader>();
  const { profile, payment } = target;
  const name = profile ? userNameOf(profile) : target.userUniqueCode;
  const here = `/accounts/user/detail/${encodeURIComponent(target.userUniqueCode)}`;
  const words = (intent: Intent) => ({
    title: t(`accountUsers.actions.${intent}.title`, { name }),
    body: t(`accountUsers.actions.${intent}.body`, { name }),
    button: t(`accountUsers.actions.${intent}.button`),
  });
  const version = payment ? <input type="hidden" name="version" value={String(payment.version)} /> : null;
  const tone = (intent: Intent) => (intent === "disable" || intent === "demote" ? "danger" : "normal");

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
