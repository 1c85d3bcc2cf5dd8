import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { ApprovalSettingsAnswer } from "@domain/approval-answers";
import { AMOUNT_BASES, AMOUNT_BASIS_LABELS, MAX_APPROVAL_STEPS, RECURRING_APPROVAL_MODES, type AmountBasis, type RecurringApprovalMode } from "@domain/approvals";
import { parseDecimalInput } from "@domain/decimal";
import { formatYen } from "@domain/decimal-display";
import { DOCUMENT_KINDS, kindLabel, type DocumentKind } from "@domain/document-kinds";
import { PAYMENT_ROLE } from "@domain/roles";
import type { TFunction } from "~/components/texts";
import type approvalSettingsTexts from "~/locales/ja/approvalSettings.json";
import { requireOwnerCaller } from "../../services/api-caller.server";
import { fixedTextsFor } from "../../services/fixed-texts.server";
import { PaymentApiValidationError } from "../../services/payment-api.server";
import { readFormData } from "../../services/read-form.server";
import { redirectWithNotice } from "../../services/session.server";
import { listCompanyUsers } from "../__account-users/account-users.server";
import { deleteApprovalRule, getApprovalSettings, saveApprovalRule, setRecurringApproval } from "../__approvals/approvals.server";

const SCREEN_NAME = "settings-approvals";
const HERE = "/settings/approvals";

type T = TFunction<{ approvals: typeof approvalSettingsTexts }>;

/** A step as the form holds it: any owner, or the users ticked. */
export type StepValues = { approver: "any_owner" | "users"; users: string[] };

/** A kind's form as typed: what comes back unchanged when the API refuses it. */
export type RuleValues = { threshold: string; amount_basis: AmountBasis; step_count: string; steps: StepValues[]; allow_self_approval: boolean };

const STEP_NUMBERS = Array.from({ length: MAX_APPROVAL_STEPS }, (_, index) => index + 1);


const kindOf = (value: unknown): DocumentKind | null => DOCUMENT_KINDS.find((entry) => entry.id === value)?.id ?? null;

/** The form's first values: the kind's rule, or an empty rule of one step by any owner. */
function valuesOf(rule: ApprovalSettingsAnswer["rules"][number] | undefined): RuleValues {
  const steps = STEP_NUMBERS.map((step): StepValues => {
    const saved = rule?.steps[step - 1];
    return saved && !saved.any_owner ? { approver: "users", users: saved.users } : { approver: "any_owner", users: [] };
  });
  return {
    threshold: rule ? String(rule.threshold) : "",
    amount_basis: rule?.amount_basis ?? "tax_included",
    step_count: String(rule?.steps.length ?? 1),
    steps,
    allow_self_approval: rule?.allow_self_approval ?? false,
  };
}

/** What the kind's rule says now, in one line. */
function summaryOf(t: T, rule: ApprovalSettingsAnswer["rules"][number] | undefined): string {
  if (!rule) return t("approvals.ruleOff");
  if (rule.threshold === 0) return t("approvals.ruleAll", { steps: rule.steps.length });
  return t("approvals.ruleOn", { threshold: formatYen(rule.threshold), basis: AMOUNT_BASIS_LABELS[rule.amount_basis], steps: rule.steps.length });
}

/**
 * The owner's approval settings (decision 049): a form per kind, the recurring setting, and the users who may be named
 * (the company's users of the product, by name). `?confirm=remove&kind=` is the removal's own question without JavaScript.
 */
export async function approvalSettingsLoader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireOwnerCaller(request, context, SCREEN_NAME);
  const [settings, users, t] = await Promise.all([getApprovalSettings(caller), listCompanyUsers(caller), fixedTextsFor<T>(request)]);
  const url = new URL(request.url);
  const removing = url.searchParams.get("confirm") === "remove" ? kindOf(url.searchParams.get("kind")) : null;
  return {
    kinds: DOCUMENT_KINDS.map(({ id }) => {
      const rule = settings.rules.find((entry) => entry.kind === id);
      const label = kindLabel(id);
      return {
        kind: id,
        label,
        summary: summaryOf(t, rule),
        saved: rule !== undefined,
        values: valuesOf(rule),
        words: {
          save: t("approvals.save", { kind: label }),
          remove: { title: t("approvals.removeTitle", { kind: label }), body: t("approvals.removeBody"), button: t("approvals.remove", { kind: label }) },
        },
      };
    }),
    users: users
      .filter((user) => user.payment !== null && user.payment.role !== PAYMENT_ROLE.invalid)
      .map((user) => ({
        code: user.userUniqueCode,
        name: user.profile ? `${user.profile.ba_user_last_name} ${user.profile.ba_user_first_name}` : user.userUniqueCode,
        owner: user.payment?.role === PAYMENT_ROLE.owner,
      })),
    bases: AMOUNT_BASES.map((id) => ({ id, label: AMOUNT_BASIS_LABELS[id] })),
    steps: STEP_NUMBERS,
    recurring: { value: settings.recurring_approval, modes: RECURRING_APPROVAL_MODES },
    removing,
  };
}

/** The form's values as posted, for the API and, when it refuses them, for the form again. */
function postedValues(formData: FormData): RuleValues {
  const basis = formData.get("amount_basis");
  const rawThreshold = String(formData.get("threshold") ?? "").trim();
  return {
    // Read as every amount field reads it (full-width digits, commas, 円); what cannot be read comes back as typed.
    threshold: parseDecimalInput(rawThreshold) ?? rawThreshold,
    amount_basis: basis === "tax_excluded" ? "tax_excluded" : "tax_included",
    step_count: String(formData.get("step_count") ?? "1"),
    steps: STEP_NUMBERS.map((step) => ({
      approver: formData.get(`step${step}_approver`) === "users" ? "users" : "any_owner",
      users: formData.getAll(`step${step}_users`).map(String),
    })),
    allow_self_approval: formData.get("allow_self_approval") === "on",
  };
}

/** The rule the API is asked to keep: the steps up to the count chosen. */
function ruleBody(values: RuleValues) {
  const count = Math.min(Math.max(Number(values.step_count) || 1, 1), MAX_APPROVAL_STEPS);
  return {
    threshold: Number(values.threshold),
    amount_basis: values.amount_basis,
    steps: values.steps.slice(0, count).map((step) => (step.approver === "users" ? { users: step.users } : { any_owner: true })),
    allow_self_approval: values.allow_self_approval,
  };
}

/** What the page shows when a kind's form came back refused: its kind, what was typed, the API's words per field. */
export type RuleReply = { kind: DocumentKind; values: RuleValues; errors: Record<string, string[]>; message: string };

export async function approvalSettingsAction({ request, context }: ActionFunctionArgs) {
  const { caller } = await requireOwnerCaller(request, context, SCREEN_NAME);
  const formData = await readFormData(request);
  const t = await fixedTextsFor<T>(request);
  const intent = formData.get("intent");
  if (intent === "recurring") {
    const mode = formData.get("recurring_approval") as RecurringApprovalMode;
    if (!RECURRING_APPROVAL_MODES.includes(mode)) return redirect(HERE);
    await setRecurringApproval(caller, mode);
    return redirectWithNotice(request, HERE, "success", t("approvals.recurringSaved"));
  }
  const kind = kindOf(formData.get("kind"));
  if (!kind) return redirect(HERE);
  const here = `${HERE}#rule-${kind}`;
  if (intent === "remove") {
    if (formData.get("confirmed") !== "yes") return redirect(`${HERE}?confirm=remove&kind=${kind}`);
    await deleteApprovalRule(caller, kind);
    return redirectWithNotice(request, here, "success", t("approvals.removed", { kind: kindLabel(kind) }));
  }
  const values = postedValues(formData);
  // An empty amount would be read as 0, every document: it is asked for instead.
  if (!/^\d{1,12}$/.test(values.threshold)) {
    return json({ rule: { kind, values, errors: { threshold: [t("approvals.thresholdInvalid")] }, message: t("approvals.thresholdInvalid") } satisfies RuleReply }, { status: 422 });
  }
  try {
    await saveApprovalRule(caller, kind, ruleBody(values));
  } catch (error) {
    if (!(error instanceof PaymentApiValidationError)) throw error;
    return json({ rule: { kind, values, errors: error.fields, message: error.message } satisfies RuleReply }, { status: 422 });
  }
  return redirectWithNotice(request, here, "success", t("approvals.saved", { kind: kindLabel(kind) }));
}
