import type { AppLoadContext } from "@remix-run/node";
import type { z } from "zod";
import { getConfig } from "./config.server";
import { paymentApiCalls } from "./metrics.server";
import type { ForbiddenVariant } from "~/components/errors/error-model";
import { forbidden, maintenance, notFound, refused, unauthorized, unavailable } from "./errors.server";

/**
 * How a request reaches the Payment API: `fetch` over the network, or, when
 * the API runs in this process, its handler called in memory with the same
 * HTTP request and answer (server/in-process-api.ts).
 */
export type PaymentApiTransport = (url: string, init?: RequestInit) => Promise<Response>;

/** The loader's way to the API: the in-process one when the host has it, else the network. */
export const transportOf = (context: AppLoadContext): PaymentApiTransport => context.paymentApi ?? fetch;

/** Who is calling and from which screen: the headers the bank platform expects (SPEC §7). */
export type PaymentApiCaller = {
  idToken: string;
  traceId: string;
  bankCode: string;
  bankName: string;
  screenName: string;
  /** fetch when absent. */
  transport?: PaymentApiTransport;
};

/** The Payment API's own address: configured, or the one this process mounts. */
export function paymentApiBaseUrl(): string {
  const config = getConfig();
  return `${config.paymentApiBaseUrl ?? `http://127.0.0.1:${config.port}/payment-api`}/api/v1`;
}

/** A problem the API found on one line of an uploaded file. */
export type LineProblem = { line: number; column: string | null; message: string };

/** 409, 413, 415, 422 or 429 from the API: what the form shows beside its fields (or, for a file, per line). */
export class PaymentApiValidationError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string[]>,
    readonly problems: LineProblem[] = [],
    readonly status = 422,
  ) {
    super(message);
  }
}

type ErrorBody = {
  code?: string;
  message?: string;
  fields?: Record<string, string[]>;
  problems?: LineProblem[];
  status?: string;
  start?: string;
  end?: string;
};

/** The API's codes for SPEC §4's 403 variants, as the error screen names them. */
const FORBIDDEN_VARIANT_OF_CODE: Record<string, ForbiddenVariant> = {
  subscription_canceled: "subscriptionCanceled",
  plan_changed: "planChanged",
  unpublished: "unpublished",
  receive_plan_required: "receivePlanRequired",
};

async function errorBodyOf(response: Response): Promise<ErrorBody> {
  try {
    return (await response.json()) as ErrorBody;
  } catch {
    return {};
  }
}

/** During maintenance every API answer is a 503 with its window: the web app shows the maintenance screen for it. */
export async function throwIfMaintenance(response: Response): Promise<void> {
  if (response.status !== 503) return;
  const body = await errorBodyOf(response.clone());
  if (body.status === "maintenance" && body.start && body.end) throw maintenance(body.start, body.end);
}

/**
 * Calls the Payment API through the caller's transport and turns its failures into what the error boundary shows: maintenance, 401,
 * 403, 404; a 409, 413, 415, 422 or 429 (the input refused) becomes a
 * PaymentApiValidationError for the form.
 * The successful response is the caller's to read (a file, say).
 */
export async function fetchPaymentApi(
  caller: PaymentApiCaller,
  path: string,
  init: RequestInit = {},
  baseUrl: string = paymentApiBaseUrl(),
  accept = "application/json",
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${caller.idToken}`);
  headers.set("X-Request-Id", caller.traceId);
  headers.set("X-Bank-Code", caller.bankCode);
  headers.set("X-Bank-Name", encodeURIComponent(caller.bankName));
  headers.set("X-Screen-Name", encodeURIComponent(caller.screenName));
  headers.set("Accept", accept);

  // The API not answering at all (restarting, unreachable) is the same for the visitor as its 503.
  const send = caller.transport ?? fetch;
  const response = await send(`${baseUrl}${path}`, { ...init, headers }).catch(() => {
    paymentApiCalls.inc({ status: "unreachable" });
    throw unavailable();
  });
  paymentApiCalls.inc({ status: String(response.status) });
  if (response.ok) return response;

  await throwIfMaintenance(response);
  const body = await errorBodyOf(response);
  switch (response.status) {
    case 400:
      throw refused(400, body.message ?? "リクエストの形式が正しくありません。");
    case 503:
      throw unavailable();
    case 401:
      throw unauthorized();
    case 403:
      throw forbidden(FORBIDDEN_VARIANT_OF_CODE[body.code ?? ""] ?? "generic");
    case 404:
      throw notFound();
    case 409:
    case 413:
    case 415:
    case 422:
    case 429:
      throw new PaymentApiValidationError(body.message ?? "入力内容に誤りがあります。", body.fields ?? {}, body.problems ?? [], response.status);
  }
  throw new Error(`Payment API ${init.method ?? "GET"} ${path} answered ${response.status} (${body.code ?? "no code"})`);
}

/**
 * A Payment API call whose answer is read with its contract (the `*Answer` schemas in domain/, which the API's tests
 * read its answers with too): the page gets what the schema says, and an answer that does not fit is reported as the
 * API's fault instead of being rendered half-filled.
 */
export async function askPaymentApi<Answer extends z.ZodTypeAny>(
  caller: PaymentApiCaller,
  path: string,
  answer: Answer,
  init: RequestInit = {},
  baseUrl?: string,
): Promise<z.output<Answer>> {
  const response = await fetchPaymentApi(caller, path, init, baseUrl);
  const parsed = answer.safeParse(await response.json());
  if (parsed.success) return parsed.data;
  const where = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join(".") || "(answer)"}: ${issue.message}`);
  throw new Error(`Payment API ${init.method ?? "GET"} ${path} answered outside its contract (${where.join("; ")})`);
}

/** A Payment API call whose answer says nothing the caller reads (204 for a deletion; a sign-in recorded): only its status counts. */
export async function sendToPaymentApi(caller: PaymentApiCaller, path: string, init: RequestInit = {}): Promise<void> {
  const response = await fetchPaymentApi(caller, path, init);
  // An unread body would hold its connection.
  await response.body?.cancel();
}

/** A JSON post; empty fields may be null, which the API reads as absent. */
export const asJsonPost = (body: Record<string, unknown>): RequestInit => ({
  method: "POST",
  body: JSON.stringify(body),
  headers: { "Content-Type": "application/json" },
});

/** A file the API wrote, handed to the browser as it streams: its type and file name kept, never cached. */
export function passThroughDownload(response: Response): Response {
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const name of ["Content-Type", "Content-Disposition", "Content-Length"]) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(response.body, { status: 200, headers });
}
