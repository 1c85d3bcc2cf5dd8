import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { accountVersionInputSchema } from "@domain/account-input";
import { todayJst } from "@domain/datetime";
import { isReceivePlan, nextPlanChangeOn, retainedUntil, withdrawalDateFor } from "@domain/plans";
import { getPlanInfo, offersPlanChange, reserveCancellation, userAfterPlanChange, withdrawCancellation } from "./accounts.server";
import { requireOwnerCaller } from "../../services/api-caller.server";
import { remixI18next } from "../../services/i18n.server";
import { PaymentApiValidationError } from "../../services/payment-api.server";
import { readFormData } from "../../services/read-form.server";
import { getSession, getSessionStorage, redirectWithNotice } from "../../services/session.server";

/**
 * The account page and its cancellation pages, server side. Kept out of the
 * route modules, whose browser chunks would otherwise load zod (the version
 * check) and the plan rules with the page; the loaders hand the pages what
 * the rules answer.
 */

const SETTINGS_SCREEN = "accounts-settings";
const UNREGISTER_CONFIRM_SCREEN = "accounts-settings-unregister-confirm";
const UNREGISTER_RESERVED_SCREEN = "accounts-settings-unregister-reserved";

/** Makes a change with the plan's version the page showed; the refusal the page shows, or null once done. */
async function changeAsShown(request: Request, change: (version: number) => Promise<unknown>) {
  const parsed = accountVersionInputSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return data({ errors: ["もう一度お試しください。"] }, { status: 400 });
  try {
    await change(parsed.data.version);
  } catch (error) {
    if (error instanceof PaymentApiValidationError) return data({ errors: [error.message] }, { status: error.status });
    throw error;
  }
  return null;
}

export async function settingsLoader({ request, context }: LoaderFunctionArgs) {
  const { user, caller } = await requireOwnerCaller(request, context, SETTINGS_SCREEN);
  const plan = await getPlanInfo(caller);
  const receives = isReceivePlan(plan.plan_id);
  // After a change this month the page says from when the next one can be made, instead of links the API would answer with
  // its 403; otherwise it links to the flows that have a plan to offer (addplan adds receiving, changeplan every other move).
  const nextChangeOn = nextPlanChangeOn({ planChangedOn: plan.plan_changed_on }, todayJst());
  const open = plan.status !== "cancellation_pending" && plan.status !== "ended";
  const [addplan, changeplan] =
    open && !nextChangeOn ? await Promise.all([!receives && offersPlanChange(caller, "addplan"), offersPlanChange(caller, "changeplan")]) : [false, false];
  return {
    bankName: user.bankName,
    changes: { addplan, changeplan },
    plan: {
      name: plan.plan_name,
      receives,
      status: plan.status,
      amount: plan.amount,
      totalAmount: plan.total_amount,
      currentTotalAmount: plan.current_total_amount,
      joinDate: plan.join_date,
      startDate: plan.start_date,
      withdrawalDate: plan.withdrawal_date,
      retainedUntil: plan.retained_until,
      campaignMonths: plan.applied_campaign_num_of_months,
      changedOn: plan.plan_changed_on,
      nextChangeOn,
      maxReceiveFiles: plan.max_receive_files,
      version: plan.version,
    },
  };
}

/** 「解約を取り消す」: not destructive (it keeps the service), so it needs no confirmation step. */
export async function settingsAction({ request, context }: ActionFunctionArgs) {
  const { user, caller } = await requireOwnerCaller(request, context, SETTINGS_SCREEN);
  const refused = await changeAsShown(request, (version) => withdrawCancellation(caller, version));
  if (refused) return refused;
  const t = await remixI18next.getFixedT(request);
  return redirectWithNotice(request, "/accounts/settings", "success", t("accounts.settings.withdrawn"), await userAfterPlanChange(caller, user));
}

/** The confirmation of SPEC §2's unregister flow: what ends when, and what is kept. */
export async function unregisterConfirmLoader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireOwnerCaller(request, context, UNREGISTER_CONFIRM_SCREEN);
  const plan = await getPlanInfo(caller);
  if (plan.status === "cancellation_pending" || plan.status === "ended") throw redirect("/accounts/settings/unregister/reserved");
  const withdrawalDate = withdrawalDateFor(todayJst());
  return { planName: plan.plan_name, version: plan.version, withdrawalDate, retainedUntil: retainedUntil(withdrawalDate) };
}

export async function unregisterConfirmAction({ request, context }: ActionFunctionArgs) {
  const { user, caller } = await requireOwnerCaller(request, context, UNREGISTER_CONFIRM_SCREEN);
  const refused = await changeAsShown(request, (version) => reserveCancellation(caller, version));
  if (refused) return refused;
  const session = await getSession(request);
  session.set("user", await userAfterPlanChange(caller, user));
  return redirect("/accounts/settings/unregister/reserved", { headers: { "Set-Cookie": await getSessionStorage().commitSession(session) } });
}

export async function unregisterReservedLoader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireOwnerCaller(request, context, UNREGISTER_RESERVED_SCREEN);
  const plan = await getPlanInfo(caller);
  if (plan.status !== "cancellation_pending" || !plan.withdrawal_date) throw redirect("/accounts/settings");
  return { withdrawalDate: plan.withdrawal_date, retainedUntil: plan.retained_until, version: plan.version };
}
