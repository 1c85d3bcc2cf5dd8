import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { planChangeInputSchema } from "@domain/account-input";
import { isReceivePlan, type PlanChangeKind } from "@domain/plans";
import { changePlan, getPlanChangeOptions, offersPlanChange, userAfterPlanChange } from "./accounts.server";
import { requireOwnerCaller } from "../../services/api-caller.server";
import { remixI18next } from "../../services/i18n.server";
import { PaymentApiValidationError, type PaymentApiCaller } from "../../services/payment-api.server";
import { readFormData } from "../../services/read-form.server";
import { redirectWithNotice } from "../../services/session.server";

/** addplan and changeplan (SPEC §2): owner only; the API answers 403 with its variant when the company may not change now. */
const ownerCaller = (request: Request, context: LoaderFunctionArgs["context"], kind: PlanChangeKind, step: string) =>
  requireOwnerCaller(request, context, `accounts-register-${kind}${step}`);

/** The options, or back to the account page saying why there are none (addplan on a plan that already receives). */
async function optionsOrBack(request: Request, caller: PaymentApiCaller, kind: PlanChangeKind) {
  try {
    return await getPlanChangeOptions(caller, kind);
  } catch (error) {
    if (error instanceof PaymentApiValidationError) throw await redirectWithNotice(request, "/accounts/settings", "error", error.message);
    throw error;
  }
}

export async function planChoiceLoader({ request, context }: LoaderFunctionArgs, kind: PlanChangeKind) {
  const { caller } = await ownerCaller(request, context, kind, "");
  const options = await optionsOrBack(request, caller, kind);
  const chosen = Number(new URL(request.url).searchParams.get("plan_id"));
  // changeplan has nothing for an issue-only plan whose only moves add receiving: those are addplan's, so it points there.
  const addplanInstead = kind === "changeplan" && options.plans.length === 0 && !isReceivePlan(options.current_plan_id) && (await offersPlanChange(caller, "addplan"));
  return { kind, currentPlan: options.current_plan, plans: options.plans, chosen: Number.isInteger(chosen) ? chosen : null, addplanInstead };
}

export async function planConfirmLoader({ request, context }: LoaderFunctionArgs, kind: PlanChangeKind) {
  const { caller } = await ownerCaller(request, context, kind, "-confirm");
  const options = await optionsOrBack(request, caller, kind);
  const planId = Number(new URL(request.url).searchParams.get("plan_id"));
  const plan = options.plans.find((candidate) => candidate.plan_id === planId);
  if (!plan) {
    const t = await remixI18next.getFixedT(request);
    throw await redirectWithNotice(request, `/accounts/register/${kind}`, "error", t("accounts.change.chooseFirst"));
  }
  return { kind, currentPlan: options.current_plan, plan, version: options.version, chargedFrom: options.charged_from };
}

export async function planConfirmAction({ request, context }: ActionFunctionArgs, kind: PlanChangeKind) {
  const { user, caller } = await ownerCaller(request, context, kind, "-confirm");
  const parsed = planChangeInputSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) throw redirect(`/accounts/register/${kind}`);
  try {
    await changePlan(caller, kind, parsed.data);
  } catch (error) {
    if (error instanceof PaymentApiValidationError) return data({ errors: [error.message, ...Object.values(error.fields).flat()] }, { status: error.status });
    throw error;
  }
  const t = await remixI18next.getFixedT(request);
  return redirectWithNotice(request, "/accounts/settings", "success", t("accounts.change.done"), await userAfterPlanChange(caller, user));
}
