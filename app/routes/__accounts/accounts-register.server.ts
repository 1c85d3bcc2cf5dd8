import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { registrationInputSchema, type RegistrationInput } from "@domain/account-input";
import { BANK_ACCOUNT_TYPES } from "@domain/codes";
import { lastOfMonth } from "@domain/plans";
import { parseForm } from "~/components/forms/parse-form";
import { getRegistration, keepRegistrationDraft, redirectAfterRegistration, register, registrationDraftOf, userAfterPlanChange } from "./accounts.server";
import { requireCompanyCaller } from "../../services/api-caller.server";
import { forbidden } from "../../services/errors.server";
import { remixI18next } from "../../services/i18n.server";
import { PaymentApiValidationError } from "../../services/payment-api.server";
import { readFormData } from "../../services/read-form.server";
import { redirectWithNotice } from "../../services/session.server";

/**
 * The registration form and its confirmation, server side. Kept out of the
 * route modules, whose browser chunks would otherwise load zod with the page
 * (the form loads its check on first use: registration-form-live.ts).
 */

const SCREEN = "accounts-register";
const CONFIRM_SCREEN = "accounts-register-confirm";

/**
 * A company already registered (in another tab, or by another owner) sends
 * its members to TOP with the session brought up to date; anyone else is
 * told why they cannot register here instead of being sent back and forth.
 */
async function registrationOf(request: Request, context: LoaderFunctionArgs["context"]) {
  const { user, caller } = await requireCompanyCaller(request, context, SCREEN);
  const registration = await getRegistration(caller);
  if (registration.registered) {
    const updated = await userAfterPlanChange(caller, user);
    if (updated.paymentRole !== null) {
      const t = await remixI18next.getFixedT(request);
      throw await redirectAfterRegistration(request, updated, t("accounts.register.alreadyDone"));
    }
  }
  // Registration is the bank's company owner's: a company user waits for them.
  const blocked = registration.registered ? ("registeredByAnother" as const) : user.userType !== "company_owner" ? ("ownerRegisters" as const) : null;
  return { user, registration, blocked };
}

/** The form's values as text, as a post sends them: the draft kept from an earlier visit, or the form's defaults. */
type RegistrationFormValues = { [Name in keyof RegistrationInput]?: Name extends "agreed_terms" ? string[] : string };

function formValuesOf(draft: RegistrationInput | null): RegistrationFormValues {
  if (!draft) return { debit_account_type: "1" };
  const values: RegistrationFormValues = {};
  for (const [name, value] of Object.entries(draft)) if (value !== undefined && name !== "agreed_terms") values[name as "plan_id"] = String(value);
  return { ...values, agreed_terms: draft.agreed_terms.map(String) };
}

export async function registerLoader({ request, context }: LoaderFunctionArgs) {
  const { user, registration, blocked } = await registrationOf(request, context);
  return {
    blocked,
    bankName: user.bankName,
    plans: registration.plans,
    terms: registration.terms.map(({ id, title, version, body, published_at }) => ({ id, title, version, body, publishedAt: published_at })),
    campaign: registration.campaign,
    asksPaymentMethod: registration.asksPaymentMethod,
    values: formValuesOf(await registrationDraftOf(request)),
    accountTypes: BANK_ACCOUNT_TYPES.map(({ id, label }) => ({ id, label })),
  };
}

export async function registerAction({ request, context }: ActionFunctionArgs) {
  const { registration, blocked } = await registrationOf(request, context);
  if (blocked) throw forbidden();
  const formData = await readFormData(request);
  const submission = parseForm(formData, registrationInputSchema);
  // The terms and the payment method are said together with the plan's message, so a form sent with nothing chosen says everything to choose.
  const fieldErrors: Record<string, string[]> = {};
  const agreed = formData.getAll("agreed_terms").map(String);
  if (registration.terms.some((item) => !agreed.includes(String(item.id)))) fieldErrors.agreed_terms = ["すべての規約をお読みいただき、同意してください"];
  if (registration.asksPaymentMethod && !formData.get("payment_method")) fieldErrors.payment_method = ["お支払い方法を選択してください"];
  if (submission.status !== "success") return data(submission.reply({ fieldErrors }), { status: 400 });
  if (!registration.plans.some((plan) => plan.plan_id === submission.value.plan_id)) fieldErrors.plan_id = ["このプランはお選びいただけません"];
  if (Object.keys(fieldErrors).length > 0) return data(submission.reply({ fieldErrors }), { status: 400 });
  return redirect("/accounts/register/confirm", { headers: { "Set-Cookie": await keepRegistrationDraft(request, submission.value) } });
}

export async function registerConfirmLoader({ request, context }: LoaderFunctionArgs) {
  const { user, caller } = await requireCompanyCaller(request, context, CONFIRM_SCREEN);
  if (user.userType !== "company_owner") throw forbidden();
  const [registration, draft] = await Promise.all([getRegistration(caller), registrationDraftOf(request)]);
  if (registration.registered) throw redirect("/top");
  const plan = registration.plans.find((candidate) => candidate.plan_id === draft?.plan_id);
  if (!draft || !plan) {
    const t = await remixI18next.getFixedT(request);
    throw await redirectWithNotice(request, "/accounts/register", "error", t("accounts.confirm.expired"));
  }
  const { schedule } = registration;
  const accountType = BANK_ACCOUNT_TYPES.find((type) => type.id === draft.debit_account_type)?.label ?? "";
  return {
    plan,
    schedule,
    freeUntil: lastOfMonth(schedule.join_date),
    terms: registration.terms.filter((item) => draft.agreed_terms.includes(item.id)).map(({ id, title, version }) => ({ id, title, version })),
    payment: draft.payment_method
      ? {
          method: draft.payment_method,
          account: draft.payment_method === "debit" ? [draft.debit_bank_code, draft.debit_branch_code, accountType, draft.debit_account_no, draft.debit_account_name].join(" ") : null,
        }
      : null,
    bankName: user.bankName,
  };
}

export async function registerConfirmAction({ request, context }: ActionFunctionArgs) {
  const { user, caller } = await requireCompanyCaller(request, context, CONFIRM_SCREEN);
  if (user.userType !== "company_owner") throw forbidden();
  const draft = await registrationDraftOf(request);
  const t = await remixI18next.getFixedT(request);
  if (!draft) return redirectWithNotice(request, "/accounts/register", "error", t("accounts.confirm.expired"));
  try {
    await register(caller, draft);
  } catch (error) {
    // A second submit (double click, back button, another tab): the first one registered, so this is done too.
    if (error instanceof PaymentApiValidationError && error.status === 409) {
      return redirectAfterRegistration(request, await userAfterPlanChange(caller, user), t("accounts.register.alreadyDone"));
    }
    if (error instanceof PaymentApiValidationError) return data({ errors: [error.message, ...Object.values(error.fields).flat()] }, { status: error.status });
    throw error;
  }
  return redirectAfterRegistration(request, await userAfterPlanChange(caller, user), t("accounts.confirm.done"));
}
