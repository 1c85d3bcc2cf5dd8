import { getZodConstraint } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isLastOwner, USER_CODE_PATTERN } from "@domain/account-users";
import { formatJapaneseDateTime } from "@domain/datetime";
import { PAYMENT_ROLE, type PaymentRole } from "@domain/roles";
import { userNameOf } from "~/routes/__account-users/labels";
import { permissionsFormSchema, validate as parsePermissions, type PermissionsFormInput } from "~/routes/__account-users/permissions-form-live";
import { changeRole, enableUser, getCompanyUser, listCompanyUsers, listPaymentUsers, savePermissions, type CompanyUser } from "./account-users.server";
import { requireOwnerCaller } from "../../services/api-caller.server";
import { apiErrorReply } from "../../services/api-form-errors.server";
import { notFound } from "../../services/errors.server";
import { remixI18next } from "../../services/i18n.server";
import { PaymentApiValidationError, type PaymentApiCaller } from "../../services/payment-api.server";
import { readFormData } from "../../services/read-form.server";
import { redirectWithNotice } from "../../services/session.server";

/**
 * The owner's user pages, server side: the list, a user's page and the
 * permissions form. Kept out of the route modules, whose browser chunks
 * would otherwise load zod with the page (the user code's pattern sits
 * beside the schemas; the permissions form loads its check on first use).
 */

const LIST_SCREEN = "accounts-user-list";
const DETAIL_SCREEN = "accounts-user-detail";
const PERMISSIONS_SCREEN = "accounts-change-permissions";
const PERMISSIONS_PATH = "/accounts/change/permissions";

export async function userListLoader({ request, context }: LoaderFunctionArgs) {
  const { user, caller } = await requireOwnerCaller(request, context, LIST_SCREEN);
  return { users: await listCompanyUsers(caller), me: user.userUniqueCode };
}

/** The changes an owner can make to a user; each asks first (DESIGN.md). */
const INTENTS = ["enable", "disable", "makeOwner", "demote"] as const;
export type UserIntent = (typeof INTENTS)[number];

/** The role each change leads to. */
const ROLE_AFTER: Record<UserIntent, PaymentRole> = { enable: PAYMENT_ROLE.user, disable: PAYMENT_ROLE.invalid, makeOwner: PAYMENT_ROLE.owner, demote: PAYMENT_ROLE.user };

function codeOf(params: { user_unique_code?: string }): string {
  const code = params.user_unique_code ?? "";
  if (!USER_CODE_PATTERN.test(code)) throw notFound();
  return code;
}

/**
 * What the page offers for the user as they are: never a change that would
 * leave the company without an owner (the API refuses it too).
 */
function offeredIntents(payment: CompanyUser["payment"], lastOwner: boolean): UserIntent[] {
  if (!payment || payment.role === PAYMENT_ROLE.invalid) return ["enable"];
  if (payment.role === PAYMENT_ROLE.user) return ["makeOwner", "disable"];
  return lastOwner ? [] : ["demote", "disable"];
}

async function pageState(caller: PaymentApiCaller, code: string) {
  const [target, paymentUsers] = await Promise.all([getCompanyUser(caller, code), listPaymentUsers(caller)]);
  const lastOwner = isLastOwner(target.payment, paymentUsers);
  return { target, offered: offeredIntents(target.payment, lastOwner), lastOwner };
}

const intentOf = (value: unknown): UserIntent | null => ((INTENTS as readonly unknown[]).includes(value) ? (value as UserIntent) : null);

export async function userDetailLoader({ request, params, context }: LoaderFunctionArgs) {
  const { user, caller } = await requireOwnerCaller(request, context, DETAIL_SCREEN);
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
export async function userDetailAction({ request, params, context }: ActionFunctionArgs) {
  const { user, caller } = await requireOwnerCaller(request, context, DETAIL_SCREEN);
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

/** The permissions form's HTML constraints (required…), from the schema here so the page needs no zod to render them. */
const permissionsConstraint = getZodConstraint(permissionsFormSchema);

export async function permissionsLoader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireOwnerCaller(request, context, PERMISSIONS_SCREEN);
  const users = await listCompanyUsers(caller);
  const nameOf = (user: (typeof users)[number]) => (user.profile ? userNameOf(user.profile) : user.userUniqueCode);
  // Owners always see every document, and a disabled user sees none: only company users have a choice.
  const choosing = users.filter((user) => user.payment?.role === PAYMENT_ROLE.user);
  const values: PermissionsFormInput = {
    users: choosing.map(({ userUniqueCode, payment }) => ({
      user_unique_code: userUniqueCode,
      reference_id: payment!.reference_id,
      receive_reference_id: payment!.receive_reference_id,
      version: payment!.version,
      shown_reference_id: payment!.reference_id,
      shown_receive_reference_id: payment!.receive_reference_id,
    })),
  };
  return {
    values,
    constraint: permissionsConstraint,
    names: choosing.map(nameOf),
    owners: users.filter((user) => user.payment?.role === PAYMENT_ROLE.owner).map(nameOf),
  };
}

export async function permissionsAction({ request, context }: ActionFunctionArgs) {
  const { caller } = await requireOwnerCaller(request, context, PERMISSIONS_SCREEN);
  const submission = parsePermissions(await readFormData(request));
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const changed = submission.value.users
    .filter((line) => line.reference_id !== line.shown_reference_id || line.receive_reference_id !== line.shown_receive_reference_id)
    .map(({ shown_reference_id: _reference, shown_receive_reference_id: _receive, ...line }) => line);
  try {
    if (changed.length > 0) await savePermissions(caller, { users: changed });
  } catch (error) {
    const { result, status } = apiErrorReply(submission, error);
    return data(result, { status });
  }
  const t = await remixI18next.getFixedT(request);
  return redirectWithNotice(request, PERMISSIONS_PATH, "success", t("accountUsers.permissions.saved"));
}
