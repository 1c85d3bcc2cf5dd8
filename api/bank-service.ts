import type { Request } from "express";
import type { SsoProfile } from "../domain/sso-profile";
import { ApiError } from "./errors";

/**
 * The bank's own service (SPEC §7), asked by the Payment API itself with the
 * caller's id token, so that what the bank knows is decided here and not taken
 * on the web app's word (decision 037).
 */
export type BankService = {
  /** A user of the caller's company as the bank knows them; null when the bank has no such user of this company. */
  companyUser: (idToken: string, userUniqueCode: string) => Promise<SsoProfile | null>;
  /** Whether the bank holds a payment method for the caller's company. */
  paymentMethodOnFile: (idToken: string) => Promise<boolean>;
};

const bankUnavailable = () => new ApiError(503, "service_unavailable", "銀行のサービスに接続できません。しばらくしてから再度お試しください。");

/** The caller's id token, as it arrived: the bank service authenticates the same person. */
export function idTokenOf(req: Request): string {
  return /^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
}

/** A client of the bank service at `baseUrl` (a function when the address is known only once a server listens). */
export function createBankService(baseUrl: string | (() => string)): BankService {
  const call = async <T>(idToken: string, path: string): Promise<T | null> => {
    const base = typeof baseUrl === "function" ? baseUrl() : baseUrl;
    let response: Response;
    try {
      response = await fetch(`${base.replace(/\/+$/, "")}/api/v1${path}`, {
        headers: { Authorization: `Bearer ${idToken}`, Accept: "application/json" },
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw bankUnavailable();
    }
    if (response.status === 404) return null;
    if (!response.ok) throw bankUnavailable();
    return (await response.json()) as T;
  };
  return {
    companyUser: async (idToken, userUniqueCode) => {
      const answer = await call<{ result?: { user?: SsoProfile } }>(idToken, `/user/search?${new URLSearchParams({ user_unique_code: userUniqueCode })}`);
      return answer?.result?.user ?? null;
    },
    paymentMethodOnFile: async (idToken) => {
      const answer = await call<{ result?: { config?: { is_payment_method_filled?: unknown } } }>(idToken, "/app/config");
      // No config at all is a bank service at the wrong address, not a company without a payment method.
      if (!answer) throw bankUnavailable();
      return answer.result?.config?.is_payment_method_filled === true;
    },
  };
}
