import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getZodConstraint } from "@conform-to/zod";
import {
  bankDetailAnswer,
  bankListAnswer,
  createdReservationAnswer,
  reservationDetailAnswer,
  type AuditEntryAnswer,
  type BankDetailAnswer,
  type BankSummaryAnswer,
  type BranchAnswer,
  type ListedNoticeAnswer,
  type ReservationAnswer,
  type ReservationDetailAnswer,
} from "@domain/admin-answers";
import { bankNoticeInput as noticeFormSchema, bankSettingsFormSchema, reservationFormSchema } from "@domain/admin-banks";
import { parseForm } from "~/components/forms/parse-form";
import adminBanksTexts from "~/locales/ja/adminBanks.json";
import { requireAdminCaller } from "../../services/api-caller.server";
import { apiErrorReply } from "../../services/api-form-errors.server";
import { forbidden, notFound } from "../../services/errors.server";
import { askPaymentApi, asJsonPost, PaymentApiValidationError, sendToPaymentApi, type PaymentApiCaller } from "../../services/payment-api.server";
import { readFormData } from "../../services/read-form.server";
import { forgetBankConfig } from "../../services/route-checks.server";
import { redirectWithNotice } from "../../services/session.server";

export type AuditEntry = AuditEntryAnswer;
export type BankSummary = BankSummaryAnswer;
export type Reservation = ReservationAnswer;
export type BankNotice = ListedNoticeAnswer;
export type Branch = BranchAnswer;
export type BankDetail = BankDetailAnswer;
export type ReservationDetail = ReservationDetailAnswer;

const texts = adminBanksTexts;

/** The constraint attributes of the forms, computed here so the pages need no zod. */
const constraints = {
  settings: getZodConstraint(bankSettingsFormSchema),
  notice: getZodConstraint(noticeFormSchema),
  reservation: getZodConstraint(reservationFormSchema),
};

const bankPath = (bankCode: string) => `/admin/bank-setting/detail/${bankCode}`;
const reservationPath = (bankCode: string, id: number) => `${bankPath(bankCode)}/free-trial-reservation/${id}`;

/** A bank code or reservation id from the URL; anything else reads as not there. */
function bankCodeOf(params: { bankCode?: string }): string {
  if (!/^\d{4}$/.test(params.bankCode ?? "")) throw notFound();
  return params.bankCode!;
}
function reservationIdOf(params: { id?: string }): number {
  if (!/^\d{1,9}$/.test(params.id ?? "")) throw notFound();
  return Number(params.id);
}

// The changes below answer the record as it now is; the pages redirect instead of showing it, but the answer is still
// read whole with its contract (cancelling an unread body breaks the in-process transport's stream).
const getBank = (caller: PaymentApiCaller, bankCode: string) => askPaymentApi(caller, `/admin/banks/${bankCode}`, bankDetailAnswer);
const getReservation = (caller: PaymentApiCaller, bankCode: string, id: number) =>
  askPaymentApi(caller, `/admin/banks/${bankCode}/free-trial-reservations/${id}`, reservationDetailAnswer);

export async function bankListLoader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireAdminCaller(request, context, "admin-bank-setting-list");
  return askPaymentApi(caller, "/admin/banks", bankListAnswer);
}

export async function bankDetailLoader({ request, context, params }: LoaderFunctionArgs) {
  const { caller } = await requireAdminCaller(request, context, "admin-bank-setting-detail");
  const bank = await getBank(caller, bankCodeOf(params));
  return {
    bank,
    constraints: { settings: constraints.settings, notice: constraints.notice },
  };
}

/** The bank detail page's three forms: the settings, a new notice, and a notice's withdrawal (asked first). */
export async function bankDetailAction({ request, context, params }: ActionFunctionArgs) {
  const { caller } = await requireAdminCaller(request, context, "admin-bank-setting-detail");
  const bankCode = bankCodeOf(params);
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const base = `/admin/banks/${bankCode}`;
  const withdrawn = /^withdraw-notice-(\d{1,9})$/.exec(intent);
  if (withdrawn) {
    try {
      await sendToPaymentApi(caller, `${base}/notices/${withdrawn[1]}/withdraw`, asJsonPost({ version: Number(formData.get("version")) }));
    } catch (error) {
      if (!(error instanceof PaymentApiValidationError)) throw error;
      return redirectWithNotice(request, bankPath(bankCode), "error", error.message);
    }
    return redirectWithNotice(request, bankPath(bankCode), "success", texts.noticeWithdrawn);
  }
  if (intent === "notice") {
    const submission = parseForm(formData, noticeFormSchema);
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    try {
      await sendToPaymentApi(caller, `${base}/notices`, asJsonPost(submission.value));
    } catch (error) {
      const { result, status } = apiErrorReply(submission, error);
      return data({ intent, result }, { status });
    }
    return redirectWithNotice(request, bankPath(bankCode), "success", texts.noticeAdded);
  }
  const submission = parseForm(formData, bankSettingsFormSchema);
  if (submission.status !== "success") return data({ intent: "settings", result: submission.reply() }, { status: 400 });
  try {
    await sendToPaymentApi(caller, base, asJsonPost({ ...submission.value, _method: "PATCH" }));
  } catch (error) {
    const { result, status } = apiErrorReply(submission, error);
    return data({ intent: "settings", result }, { status });
  }
  // This process's companies see the switch at once; other instances within their cache's few seconds.
  forgetBankConfig(bankCode);
  return redirectWithNotice(request, bankPath(bankCode), "success", texts.saved);
}

export async function reservationCreateLoader({ request, context, params }: LoaderFunctionArgs) {
  const { caller } = await requireAdminCaller(request, context, "admin-free-trial-reservation-create");
  const bank = await getBank(caller, bankCodeOf(params));
  if (!bank.can_change) throw forbidden();
  return {
    bank: {
      bank_code: bank.bank_code,
      name: bank.name,
      branches: bank.branches,
    },
    constraint: constraints.reservation,
  };
}

export async function reservationCreateAction({ request, context, params }: ActionFunctionArgs) {
  const { caller } = await requireAdminCaller(request, context, "admin-free-trial-reservation-create");
  const bankCode = bankCodeOf(params);
  const submission = parseForm(await readFormData(request), reservationFormSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { version: _version, ...input } = submission.value;
  let created: Reservation;
  try {
    created = await askPaymentApi(caller, `/admin/banks/${bankCode}/free-trial-reservations`, createdReservationAnswer, asJsonPost(input));
  } catch (error) {
    const { result, status } = apiErrorReply(submission, error);
    return data(result, { status });
  }
  return redirectWithNotice(request, reservationPath(bankCode, created.id), "success", texts.reserved);
}

export async function reservationLoader({ request, context, params }: LoaderFunctionArgs) {
  const { caller } = await requireAdminCaller(request, context, "admin-free-trial-reservation");
  const bankCode = bankCodeOf(params);
  const [reservation, bank] = await Promise.all([getReservation(caller, bankCode, reservationIdOf(params)), getBank(caller, bankCode)]);
  return {
    reservation,
    bank: {
      bank_code: bank.bank_code,
      name: bank.name,
      branches: bank.branches,
    },
    constraint: constraints.reservation,
  };
}

/** The reservation page's actions: save an edit (before the start), or cancel (asked first). */
export async function reservationAction({ request, context, params }: ActionFunctionArgs) {
  const { caller } = await requireAdminCaller(request, context, "admin-free-trial-reservation");
  const bankCode = bankCodeOf(params);
  const id = reservationIdOf(params);
  const path = `/admin/banks/${bankCode}/free-trial-reservations/${id}`;
  const formData = await readFormData(request);
  if (formData.get("intent") === "cancel") {
    try {
      await sendToPaymentApi(caller, `${path}/cancel`, asJsonPost({ version: Number(formData.get("version")) }));
    } catch (error) {
      if (!(error instanceof PaymentApiValidationError)) throw error;
      return redirectWithNotice(request, reservationPath(bankCode, id), "error", error.message);
    }
    return redirectWithNotice(request, reservationPath(bankCode, id), "success", texts.reservationCanceled);
  }
  const submission = parseForm(formData, reservationFormSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await sendToPaymentApi(caller, path, asJsonPost({ ...submission.value, _method: "PATCH" }));
  } catch (error) {
    const { result, status } = apiErrorReply(submission, error);
    return data(result, { status });
  }
  return redirectWithNotice(request, reservationPath(bankCode, id), "success", texts.reservationSaved);
}
