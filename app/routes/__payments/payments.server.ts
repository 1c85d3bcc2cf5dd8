import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { todayJst } from "@domain/datetime";
import {
  confirmedMatchesAnswer,
  paymentSummaryAnswer,
  savedStatementAnswer,
  statementAnswer,
  statementPageAnswer,
  unmatchedPageAnswer,
  type PaymentAnswer,
  type PaymentSummaryAnswer,
  type ProposalAnswer,
  type StatementAnswer,
  type StatementLineAnswer,
  type StatementListItemAnswer,
  type UnmatchedDepositAnswer,
} from "@domain/payment-answers";
import { requireCompanyCaller } from "../../services/api-caller.server";
import { choiceOf, invoiceIdsOf } from "~/routes/__payments/choices";
import { BankStatementError, fetchBankStatement } from "../../services/bank-service.server";
import { askPaymentApi, asJsonPost, PaymentApiValidationError, type PaymentApiCaller } from "../../services/payment-api.server";
import { COMMON_CONDITION_LABELS, pageNumber, readableFilters } from "../../services/list-filters.server";
import { readFormData } from "../../services/read-form.server";
import { getSessionState, redirectWithNotice } from "../../services/session.server";

/*
 * Payments and 入金消込 (issue 19 item 3, decisions 029 and 033): the invoice's payments on its detail page,
 * the statements uploaded or fetched from the bank, their proposals confirmed in bulk, the deposits left.
 */

export const PAYMENTS_PATH = "/billing/payments";
export const statementPath = (id: number | string) => `${PAYMENTS_PATH}/statements/${id}`;

export type Payment = PaymentAnswer;
export type PaymentSummary = PaymentSummaryAnswer;

export const getPayments = (caller: PaymentApiCaller, id: number) => askPaymentApi(caller, `/documents/${id}/payments`, paymentSummaryAnswer);

export const recordPayment = (caller: PaymentApiCaller, id: number, body: Record<string, unknown>) =>
  askPaymentApi(caller, `/documents/${id}/payments`, paymentSummaryAnswer, asJsonPost(body));

export const cancelPayment = (caller: PaymentApiCaller, id: number, paymentId: number, reason: string) =>
  askPaymentApi(caller, `/documents/${id}/payments/${paymentId}/cancel`, paymentSummaryAnswer, asJsonPost({ reason }));

/** What the payment form posts, kept as typed so a refused form shows it again. */
export const PAYMENT_FIELDS = ["paid_on", "amount", "fee", "method"] as const;
export type PaymentFormValues = Record<(typeof PAYMENT_FIELDS)[number], string>;
export type PaymentFormReply = { form: "payment"; values: PaymentFormValues; message: string; fields: Record<string, string[]> };

/** Records the invoice detail page's payment: on a refusal, the API's words beside the fields and the input kept. */
export async function paymentFormAction(request: Request, caller: PaymentApiCaller, id: number, formData: FormData, here: string, notice: string) {
  const values = Object.fromEntries(PAYMENT_FIELDS.map((field) => [field, String(formData.get(field) ?? "").trim()])) as PaymentFormValues;
  try {
    await recordPayment(caller, id, { ...values, fee: values.fee === "" ? "0" : values.fee });
  } catch (error) {
    if (!(error instanceof PaymentApiValidationError)) throw error;
    return { reply: { form: "payment", values, message: error.message, fields: error.fields } satisfies PaymentFormReply, status: error.status };
  }
  return { response: await redirectWithNotice(request, `${here}#payments-heading`, "success", notice) };
}

/** The form's first values: today and the balance left, by transfer. */
export const paymentFormDefaults = (summary: PaymentSummary): PaymentFormValues => ({
  paid_on: todayJst(),
  amount: Number(summary.balance) > 0 ? summary.balance : "",
  fee: "0",
  method: "transfer",
});

export type StatementListItem = StatementListItemAnswer;
export type Proposal = ProposalAnswer;
export type StatementLine = StatementLineAnswer;
export type Statement = StatementAnswer;
export type UnmatchedDeposit = UnmatchedDepositAnswer;

/** The page a list's address asks for, and the page number named when it cannot be read (said on the page, as on every list). */
function pageOf(url: URL): { page: number; ignored: string[] } {
  const { filters, ignored } = readableFilters(url, ["page"], { page: pageNumber }, COMMON_CONDITION_LABELS);
  return { page: Number(filters.page || 1), ignored };
}

export async function statementsLoader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "billing-payments");
  const { page, ignored } = pageOf(new URL(request.url));
  return { statements: await askPaymentApi(caller, `/bank-statements?page=${page}`, statementPageAnswer), ignored };
}

/** The bank's statement asked for by default: the last thirty days up to today (Japan). */
function defaultStatementPeriod() {
  const to = todayJst();
  const date = new Date(`${to}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 30);
  return { from: date.toISOString().slice(0, 10), to };
}

export type StatementsReply = { message: string; problems: string[] };

/** Upload a file, or fetch the statement from the bank's service; either way the statement's page comes next. */
export async function statementsAction({ request, context }: ActionFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "billing-payments");
  const formData = await readFormData(request);
  let upload: { name: string; bytes: Blob };
  if (formData.get("intent") === "bank") {
    const state = await getSessionState(request);
    const { from, to } = defaultStatementPeriod();
    try {
      const fetched = await fetchBankStatement(state.status === "signedIn" ? state.idToken : "", { from, to });
      upload = { name: fetched.fileName, bytes: new Blob([fetched.bytes as Uint8Array<ArrayBuffer>]) };
    } catch (error) {
      // The bank's own words when it refused the request; otherwise it did not answer in time or at all.
      const message = error instanceof BankStatementError ? error.message : "銀行から入出金明細を取得できませんでした。しばらくしてからもう一度お試しいただくか、ファイルを選んで取り込んでください。";
      return { message, problems: [] } satisfies StatementsReply;
    }
  } else {
    const file = formData.get("file");
    if (!(file instanceof File) || file.size === 0) return { message: "明細ファイルを選んでください。", problems: [] } satisfies StatementsReply;
    upload = { name: file.name, bytes: file };
  }
  const body = new FormData();
  body.append("file", upload.bytes, upload.name);
  try {
    const saved = await askPaymentApi(caller, "/bank-statements", savedStatementAnswer, { method: "POST", body });
    const notice = saved.problems.length > 0 ? `入出金明細を取り込みました（${saved.lines}件）。読み取れなかった行があります。` : `入出金明細を取り込みました（${saved.lines}件）。`;
    return redirectWithNotice(request, statementPath(saved.id), "success", notice);
  } catch (error) {
    if (!(error instanceof PaymentApiValidationError)) throw error;
    // A refusal of the whole file (too large, too many lines) names the field with its message: shown once.
    return { message: error.message, problems: (error.fields.file ?? []).filter((problem) => problem !== error.message) } satisfies StatementsReply;
  }
}

export async function statementLoader({ request, params, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "billing-payments-statement");
  const id = /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : 0;
  const statement = await askPaymentApi(caller, `/bank-statements/${id}`, statementAnswer);
  return { statement, preselected: preselect(statement.lines) };
}

/**
 * The choices the page starts with: a deposit's best proposal when it is exact or fee-deducted, and only if no
 * earlier deposit took that invoice — two equal transfers must not both be booked to one invoice unasked.
 * Amount-only proposals are left for the user to choose.
 */
export function preselect(lines: StatementLine[]): Record<string, string> {
  const taken = new Set<number>();
  const chosen: Record<string, string> = {};
  for (const line of lines) {
    if (line.kind !== "deposit" || line.payments.length > 0) continue;
    const free = (proposal: Proposal) => invoiceIdsOf(proposal).every((id) => !taken.has(id));
    const best = line.proposals.find((proposal) => proposal.kind !== "amount" && free(proposal));
    if (!best || best !== line.proposals.find(free)) continue;
    for (const id of invoiceIdsOf(best)) taken.add(id);
    chosen[String(line.id)] = choiceOf(best);
  }
  return chosen;
}

export type ConfirmReply = { message: string; chosen: Record<string, string> };

/**
 * Confirms the chosen matches: each deposit's radio names an invoice (and the fee the proposal found) or
 * nothing. All or nothing, as the API does; a refusal keeps every choice on the page.
 */
export async function statementAction({ request, params, context }: ActionFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "billing-payments-statement");
  const id = /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : 0;
  const formData = await readFormData(request);
  const chosen: Record<string, string> = {};
  const matches = [];
  for (const [name, value] of formData.entries()) {
    const line = /^match\[(\d{1,9})\]$/.exec(name)?.[1];
    if (!line || typeof value !== "string") continue;
    chosen[line] = value;
    const picked = /^(\d{1,9}(?:\.\d{1,9}){0,23}):(\d{1,6})$/.exec(value);
    if (!picked) continue;
    const ids = picked[1]!.split(".").map(Number);
    matches.push({ line_id: Number(line), ...(ids.length > 1 ? { document_ids: ids } : { document_id: ids[0] }), fee: Number(picked[2]) });
  }
  if (matches.length === 0) return { message: "消し込む入金と請求書を選んでください。", chosen } satisfies ConfirmReply;
  try {
    await askPaymentApi(caller, `/bank-statements/${id}/confirm`, confirmedMatchesAnswer, asJsonPost({ matches }));
  } catch (error) {
    if (!(error instanceof PaymentApiValidationError)) throw error;
    const details = Object.values(error.fields).flat();
    return { message: [error.message, ...details].join(" "), chosen } satisfies ConfirmReply;
  }
  return redirectWithNotice(request, statementPath(id), "success", `${matches.length}件の入金を消し込みました。`);
}

export async function unmatchedLoader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "billing-payments-unmatched");
  const { page, ignored } = pageOf(new URL(request.url));
  const deposits = await askPaymentApi(caller, `/bank-statements/unmatched?page=${page}`, unmatchedPageAnswer);
  return { deposits, ignored };
}
