import type { ErrorRequestHandler } from "express";
import multer from "multer";
import { errorReporter } from "../server/error-reporting";

export type ApiErrorCode =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  /** SPEC §4's 403 variants: a plan change while a cancellation is pending, or a second one in a month. */
  | "subscription_canceled"
  | "plan_changed"
  /** SPEC §4's receive check: the bank does not offer receiving, or the company's plan does not include it. */
  | "unpublished"
  | "receive_plan_required"
  | "not_found"
  | "conflict"
  /** A received document that looks like one already kept (same file, or same supplier, date and amount); sent again with allow_duplicate to keep it anyway. */
  | "possible_duplicate"
  | "payload_too_large"
  | "unsupported_media_type"
  | "too_many_requests"
  | "validation_failed"
  | "maintenance"
  | "service_unavailable"
  | "internal_error";

/** What every failed call answers: a code for programs, a Japanese message for people. */
export type ApiErrorBody = { code: ApiErrorCode; message: string; fields?: Record<string, string[]> };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const badRequest = (message = "リクエストの形式が正しくありません。") => new ApiError(400, "bad_request", message);
export const unauthorized = (message = "認証に失敗しました。") => new ApiError(401, "unauthorized", message);
export const forbidden = (message = "この操作を行う権限がありません。") => new ApiError(403, "forbidden", message);
export const subscriptionCanceled = () =>
  new ApiError(403, "subscription_canceled", "解約のお申し込み中はプランを変更できません。アカウント設定で解約を取り消してからお手続きください。");
export const planChangedThisMonth = () => new ApiError(403, "plan_changed", "プランの変更は月に1回までです。来月以降にお手続きください。");
export const notFound = (message = "対象が見つかりません。") => new ApiError(404, "not_found", message);
export const conflict = (message: string) => new ApiError(409, "conflict", message);
export const tooManyRequests = (message: string) => new ApiError(429, "too_many_requests", message);
export const payloadTooLarge = (message = "ファイルのサイズが上限を超えています。", fields?: Record<string, string[]>) =>
  new ApiError(413, "payload_too_large", message, fields);
export const unsupportedMediaType = (message = "対応していない形式です。", fields?: Record<string, string[]>) =>
  new ApiError(415, "unsupported_media_type", message, fields);

/** The same refusal of a file, naming the form field it came in, so a form can say it beside that field. */
export function forField(error: unknown, field: string): unknown {
  if (!(error instanceof ApiError) || (error.status !== 413 && error.status !== 415) || error.fields) return error;
  return new ApiError(error.status, error.code, error.message, { [field]: [error.message] });
}
/** The database (or another dependency) cannot be reached for a moment; the caller may try again. */
export const serviceUnavailable = () =>
  new ApiError(503, "service_unavailable", "ただいまサービスに接続できません。しばらくしてから再度お試しください。");
export const validationFailed = (fields: Record<string, string[]>, message = "入力内容に誤りがあります。") =>
  new ApiError(422, "validation_failed", message, fields);

/** PostgreSQL's error fields, wherever the driver or Drizzle (which wraps it in `cause`) put them. */
function postgresError(error: unknown): { code: string; constraint?: string } | null {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; depth += 1) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return { code, constraint: typeof constraint === "string" ? constraint : undefined };
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** Whether a delete was refused because another row still refers to this one (a foreign key). */
export function isStillReferenced(error: unknown): boolean {
  return postgresError(error)?.code === "23503";
}

/** Whether a write failed on the named unique index. */
export function violatesUniqueIndex(error: unknown, index: string): boolean {
  const failure = postgresError(error);
  return failure?.code === "23505" && failure.constraint === index;
}

/** Connection failures of the pool and the driver: the database restarted, failed over or is not up yet. */
const CONNECTION_ERRNOS = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN"]);

export function isDatabaseAway(error: unknown): boolean {
  const code = postgresError(error)?.code;
  if (code) return code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03";
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const errno = (current as { code?: unknown }).code;
    if (typeof errno === "string" && CONNECTION_ERRNOS.has(errno)) return true;
    // pg's words for a connection that ended, for a query sent on one that had (a transaction's rollback
    // after its connection died), and for the pool's wait for a connection running out.
    if (/Connection terminated|is not queryable|timeout exceeded when trying to connect/.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * PostgreSQL's data exceptions (class 22): a value the column cannot hold —
 * a NUL character, an integer out of range, an impossible date. The caller's
 * input, not our fault.
 */
function isUnstorableValue(error: unknown): boolean {
  return postgresError(error)?.code.startsWith("22") ?? false;
}

/** What busboy and multer say of a multipart body they cannot read: no boundary, no parts, a header that never ends, a body cut off. */
const UNREADABLE_MULTIPART = new Set([
  "Multipart: Boundary not found",
  "Malformed part header",
  "Unexpected end of form",
  "Unexpected end of file",
  "Malformed content type",
  "Missing Content-Type",
  "Malformed urlencoded form",
]);

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isDatabaseAway(error)) return serviceUnavailable();
  if (isUnstorableValue(error)) return badRequest("入力された値を扱えません。文字や数値の範囲をご確認ください。");
  if (error instanceof multer.MulterError) {
    if (error.code === "LIMIT_FILE_SIZE" && error.field) return payloadTooLarge(undefined, { [error.field]: [payloadTooLarge().message] });
    return error.code === "LIMIT_FILE_SIZE" || error.code === "LIMIT_FIELD_VALUE" ? payloadTooLarge() : badRequest();
  }
  if (error instanceof Error && (UNREADABLE_MULTIPART.has(error.message) || error.message.startsWith("Unsupported content type: "))) {
    return badRequest("送信された内容を読み取れませんでした。ファイルを選び直して、もう一度送信してください。");
  }
  // PostgreSQL's unique violation (Drizzle wraps the driver's error in `cause`): two requests raced for something that exists once.
  if (postgresError(error)?.code === "23505") return conflict("すでに登録されています。");
  const status = (error as { status?: unknown; type?: unknown }).status;
  // body-parser's own errors: malformed JSON (400), too large (413), unsupported charset (415).
  if (status === 400) return badRequest();
  if (status === 413) return payloadTooLarge("リクエストのサイズが上限を超えています。");
  if (status === 415) return unsupportedMediaType();
  return new ApiError(500, "internal_error", "予期しないエラーが発生しました。");
}

/** The one place an error becomes a response; stacks go to the log only. */
export const apiErrorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const apiError = toApiError(error);
  if (apiError.status === 503) {
    (req.log ?? console).warn({ err: error }, "Payment API dependency unavailable");
    res.set("Retry-After", "5");
  } else if (apiError.status >= 500) {
    (req.log ?? console).error({ err: error }, "Payment API request failed");
    errorReporter()?.report(error, { source: "api", traceId: req.id === undefined ? undefined : String(req.id), userType: req.caller?.userType, bankCode: req.caller?.bankCode });
  }
  // A stream (an export) that fails once begun can no longer be answered: cut it off, so the download shows as failed, not short.
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body: ApiErrorBody = { code: apiError.code, message: apiError.message };
  if (apiError.fields) body.fields = apiError.fields;
  res.status(apiError.status).json(body);
};
