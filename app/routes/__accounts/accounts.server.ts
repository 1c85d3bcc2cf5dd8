import { redirect } from "@remix-run/node";
import {
  cancellationAnswer,
  meAnswer,
  planChangedAnswer,
  planChangeOptionsAnswer,
  planInfoAnswer,
  registeredAnswer,
  registrationAnswer,
  type OfferedPlanAnswer,
  type PlanChangeOptionsAnswer,
  type PlanInfoAnswer,
  type RegistrationAnswer,
} from "@domain/account-answers";
import { registrationInputSchema, type RegistrationInput } from "@domain/account-input";
import type { PlanChangeKind } from "@domain/plans";
import { isForbidden, isNotFound } from "../../services/errors.server";
import { askPaymentApi, asJsonPost, PaymentApiValidationError, sendToPaymentApi, type PaymentApiCaller } from "../../services/payment-api.server";
import { getSession, getSessionStorage } from "../../services/session.server";
import type { SessionUser } from "~/session-user";

/** A plan as the bank offers it: monthly amounts in yen, tax excluded and included. */
export type OfferedPlan = OfferedPlanAnswer;

export type RequiredTerms = RegistrationAnswer["terms"][number];

export type Registration = RegistrationAnswer;

/** Registration as the company's owner sees it, with whether a payment method is asked for first (the API decides). */
export async function getRegistration(caller: PaymentApiCaller): Promise<Registration & { asksPaymentMethod: boolean }> {
  const registration = await askPaymentApi(caller, "/accounts/registration", registrationAnswer);
  return { ...registration, asksPaymentMethod: registration.asks_payment_method };
}

export function register(caller: PaymentApiCaller, input: RegistrationInput): Promise<{ plan_id: number }> {
  return askPaymentApi(caller, "/accounts/registration", registeredAnswer, asJsonPost(input));
}

export type PlanInfo = PlanInfoAnswer;

export function getPlanInfo(caller: PaymentApiCaller): Promise<PlanInfo> {
  return askPaymentApi(caller, "/user_service/planinfo", planInfoAnswer);
}

export type PlanChangeOptions = PlanChangeOptionsAnswer;

/** The plans addplan or changeplan may move to today; the error screen's 403 variant when the company may not change now. */
export function getPlanChangeOptions(caller: PaymentApiCaller, kind: PlanChangeKind): Promise<PlanChangeOptions> {
  return askPaymentApi(caller, `/accounts/${kind}`, planChangeOptionsAnswer);
}

/**
 * Whether addplan or changeplan has a plan to move to today, as the API answers it, so a page links only to a flow that
 * can be finished. A flow the API refuses now (its 403 variant, or addplan on a plan that already receives) has none.
 */
export async function offersPlanChange(caller: PaymentApiCaller, kind: PlanChangeKind): Promise<boolean> {
  try {
    return (await getPlanChangeOptions(caller, kind)).plans.length > 0;
  } catch (error) {
    if (error instanceof PaymentApiValidationError || isForbidden(error)) return false;
    throw error;
  }
}

export function changePlan(caller: PaymentApiCaller, kind: PlanChangeKind, input: { plan_id: number; version: number }): Promise<{ charged_from: string }> {
  return askPaymentApi(caller, `/accounts/${kind}`, planChangedAnswer, asJsonPost(input));
}

export function reserveCancellation(caller: PaymentApiCaller, version: number): Promise<{ withdrawal_date: string }> {
  return askPaymentApi(caller, "/accounts/cancellation", cancellationAnswer, asJsonPost({ version }));
}

export function withdrawCancellation(caller: PaymentApiCaller, version: number): Promise<void> {
  return sendToPaymentApi(caller, "/accounts/cancellation/withdraw", asJsonPost({ version }));
}

/** The session's user once the company's plan changed: its role there and the plan the pages check. */
export async function userAfterPlanChange(caller: PaymentApiCaller, user: SessionUser): Promise<SessionUser> {
  const [role, plan] = await Promise.all([
    askPaymentApi(caller, "/user_service/me", meAnswer).then(
      (me) => me.role,
      // Another owner registered the company: this person has no payment user until they are enabled.
      (thrown: unknown) => {
        if (isNotFound(thrown)) return null;
        throw thrown;
      },
    ),
    getPlanInfo(caller),
  ]);
  return {
    ...user,
    paymentRole: role,
    planId: plan.plan_id,
    previousPlanId: plan.previous_plan_id,
    withdrawalDate: plan.is_subscribe_cancellation ? plan.withdrawal_date : null,
  };
}

const DRAFT_KEY = "registrationDraft";

/** What the registration form was given, kept in the session between the form and its confirmation. */
export async function keepRegistrationDraft(request: Request, input: RegistrationInput): Promise<string> {
  const session = await getSession(request);
  session.set(DRAFT_KEY, input);
  return getSessionStorage().commitSession(session);
}

export async function registrationDraftOf(request: Request): Promise<RegistrationInput | null> {
  const parsed = registrationInputSchema.safeParse((await getSession(request)).get(DRAFT_KEY));
  return parsed.success ? parsed.data : null;
}

/** After registration: the session knows the new payment user and plan, forgets the draft, and TOP greets with a notice. */
export async function redirectAfterRegistration(request: Request, user: SessionUser, message: string): Promise<Response> {
  const session = await getSession(request);
  session.unset(DRAFT_KEY);
  session.set("user", user);
  session.flash("notice", { id: crypto.randomUUID(), type: "success", message });
  return redirect("/top", { headers: { "Set-Cookie": await getSessionStorage().commitSession(session) } });
}
