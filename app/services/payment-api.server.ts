import { getConfig } from "./config.server";
import { forbidden, maintenance, notFound, unauthorized } from "./errors.server";

/** Who is calling and from which screen: the headers the bank platform expects (SPEC §7). */
export type PaymentApiCaller = {
  idToken: string;
  traceId: string;
  bankCode: string;
  bankName: string;
  screenName: string;
};

/** The Payment API's own address: configured, or the one this process mounts. */
export function paymentApiBaseUrl(): string {
  const config = getConfig();
  return `${config.paymentApiBaseUrl ?? `http://127.0.0.1:${config.port}/payment-api`}/api/v1`;
}

/** 422 from the API: what the form shows beside its fields. */
export class PaymentApiValidationError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string[]>,
  ) {
    super(message);
  }
}

type ErrorBody = { code?: string; message?: string; fields?: Record<string, string[]>; status?: string; start?: string; end?: string };

async function errorBodyOf(response: Response): Promise<ErrorBody> {
  try {
    return (await response.json()) as ErrorBody;
  } catch {
    return {};
  }
}

/**
 * Calls the Payment API over HTTP — also when it runs in this process — and
 * turns its failures into what the error boundary shows: maintenance, 401,
 * 403, 404; a 422 becomes a PaymentApiValidationError for the form.
 */
export async function callPaymentApi<T>(
  caller: PaymentApiCaller,
  path: string,
  init: RequestInit = {},
  baseUrl: string = paymentApiBaseUrl(),
): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${caller.idToken}`);
  headers.set("X-Request-Id", caller.traceId);
  headers.set("X-Bank-Code", caller.bankCode);
  headers.set("X-Bank-Name", encodeURIComponent(caller.bankName));
  headers.set("X-Screen-Name", encodeURIComponent(caller.screenName));
  headers.set("Accept", "application/json");

  const response = await fetch(`${baseUrl}${path}`, { ...init, headers });
  if (response.ok) return (response.status === 204 ? undefined : await response.json()) as T;

  const body = await errorBodyOf(response);
  switch (response.status) {
    case 503:
      if (body.status === "maintenance" && body.start && body.end) throw maintenance(body.start, body.end);
      break;
    case 401:
      throw unauthorized();
    case 403:
      throw forbidden();
    case 404:
      throw notFound();
    case 409:
    case 422:
      throw new PaymentApiValidationError(body.message ?? "入力内容に誤りがあります。", body.fields ?? {});
  }
  throw new Error(`Payment API ${init.method ?? "GET"} ${path} answered ${response.status} (${body.code ?? "no code"})`);
}
