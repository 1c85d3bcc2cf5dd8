import type { SsoProfile } from "@domain/sso-profile";
import { getConfig } from "./config.server";

/** The bank's service (SPEC §7), called with the user's id token. Throws on any answer but 2xx and 404. */
export async function callBankService<T>(idToken: string, path: string, baseUrl: string = getConfig().bankServiceBaseUrl): Promise<T | null> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    headers: { Authorization: `Bearer ${idToken}`, Accept: "application/json" },
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`bank service ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

export type BankConfig = {
  ba_name: string;
  enable_payment_receive: boolean;
  check_payment_method_filled: boolean;
  is_payment_method_filled: boolean;
};

export async function getBankConfig(idToken: string, baseUrl?: string): Promise<BankConfig> {
  const answer = await callBankService<{ result: { config: BankConfig } }>(idToken, "/app/config", baseUrl);
  if (!answer) throw new Error("bank service has no config for this bank");
  return answer.result.config;
}

/** The users of the caller's company, as the bank service knows them (bank user type, names, e-mail). */
export async function listCompanyBankUsers(idToken: string, baseUrl?: string): Promise<SsoProfile[]> {
  const answer = await callBankService<{ result: { users: SsoProfile[] } }>(idToken, "/user/search", baseUrl);
  return answer?.result.users ?? [];
}

/** One user of the caller's company by code; null when the bank service has no such user of this company. */
export async function findCompanyBankUser(idToken: string, userUniqueCode: string, baseUrl?: string): Promise<SsoProfile | null> {
  const answer = await callBankService<{ result: { user: SsoProfile } }>(idToken, `/user/search?${new URLSearchParams({ user_unique_code: userUniqueCode })}`, baseUrl);
  return answer?.result.user ?? null;
}

/** The bank's refusal of a statement request: its HTTP status and its Japanese message (a 400 says what is wrong with the period). */
export class BankStatementError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/**
 * The caller's account's 入出金取引明細 for the period (YYYY-MM-DD, at most a year) as the bank's 全銀 file
 * (docs/api.md: GET /api/v1/account/statement), with the file name the bank gives it. Throws a
 * BankStatementError with the bank's message when it refuses (400 bad period, 403 bank staff, 404 no account).
 */
export async function fetchBankStatement(
  idToken: string,
  period: { from: string; to: string },
  baseUrl: string = getConfig().bankServiceBaseUrl,
): Promise<{ fileName: string; bytes: Uint8Array }> {
  const query = new URLSearchParams({ from: period.from, to: period.to, format: "zengin" });
  const response = await fetch(`${baseUrl}/api/v1/account/statement?${query}`, {
    headers: { Authorization: `Bearer ${idToken}`, Accept: "application/octet-stream, application/json" },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof body?.message === "string" ? body.message : `bank service /account/statement answered ${response.status}`;
    throw new BankStatementError(response.status, message);
  }
  const fileName = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? `nyushukkin-${period.to.replaceAll("-", "")}.txt`;
  return { fileName, bytes: new Uint8Array(await response.arrayBuffer()) };
}
