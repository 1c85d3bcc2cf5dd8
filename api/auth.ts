import { createHash } from "node:crypto";
import type { Request, RequestHandler } from "express";
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from "jose";
import { USER_TYPES, isAdminUserType, type UserType } from "../domain/roles";
import type { IssuerConfig } from "./config";
import { forbidden, unauthorized } from "./errors";

/** Who is calling, taken from the verified id token only. */
export type Caller = {
  userUniqueCode: string;
  userType: UserType;
  bankCode: string;
  /** The bank branch the SSO profile places the user in (`ba_user_bb_code`), when it says. */
  branchCode: string | null;
  /** The tenant: every query on company data is scoped by it. Null for bank staff. */
  companyUniqueCode: string | null;
  issuer: string;
  /** The company's name as the bank knows it (`ba_company_name`), for the bank's companies list. */
  companyName: string | null;
  /** The person's name from the SSO profile, kept in histories so they name people. */
  name: string | null;
  /** The person's e-mail address from the SSO profile (`ba_user_email`), kept for the mails approvals send them. */
  email: string | null;
  /** The id token's SHA-256 and expiry, for sign-out to revoke it. */
  tokenHash: string;
  expiresAt: Date;
};

declare module "express-serve-static-core" {
  interface Request {
    caller?: Caller;
  }
}

export type TrustedIssuer = { issuer: string; keys: JWTVerifyGetKey; bankCodes?: string[] };

/**
 * JWKS fetched from each issuer, cached by jose and fetched again when an
 * unknown key id appears — at most once per cooldown, so forged key ids
 * cannot make us hammer the identity provider.
 */
export function trustIssuers(configs: IssuerConfig[], { cooldownMs = 30_000 } = {}): TrustedIssuer[] {
  return configs.map(({ issuer, jwksUri, bankCodes }) => ({
    issuer,
    keys: createRemoteJWKSet(new URL(jwksUri), { cacheMaxAge: 10 * 60_000, cooldownDuration: cooldownMs }),
    bankCodes,
  }));
}

/** 「山田 太郎」 from the profile's last and first names, else its user name (a token's claims, or the bank's profile). */
export function personName(payload: Record<string, unknown>): string | null {
  const full = [claim(payload, "ba_user_last_name"), claim(payload, "ba_user_first_name")].filter(Boolean).join(" ");
  return full || claim(payload, "ba_user_name");
}

function claim(payload: Record<string, unknown>, name: string): string | null {
  const value = payload[name];
  return typeof value === "string" && value !== "" ? value : null;
}

function unverifiedIssuer(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { iss?: unknown };
    return typeof payload.iss === "string" ? payload.iss : null;
  } catch {
    return null;
  }
}

export type AuthOptions = {
  issuers: TrustedIssuer[];
  clientId: string;
  /**
   * Whether sign-out ended this token (`caller.tokenHash`) before its expiry. Given the request too, so that the check
   * may read what the routes ask of the caller next in the same statement (api/membership.ts).
   */
  isRevoked?: (caller: Caller, req: Request) => Promise<boolean>;
};

/** How a token is named once revoked: never the token itself. */
export function tokenHashOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

type VerifiedToken = { payload: Record<string, unknown>; issuer: TrustedIssuer; expiresAtMs: number };

/** Enough for every signed-in user of a large bank; beyond it the oldest entries make room. */
const VERIFIED_TOKENS_LIMIT = 10_000;

/**
 * Tokens whose signature, issuer and audience were verified, kept until their
 * expiry under the token's SHA-256 (never the token itself): a page makes
 * several calls with one token, and a signature check each time is most of
 * a small call's cost. Revocation is still asked on every call.
 */
function verifiedTokenCache(now: () => number = Date.now) {
  const entries = new Map<string, VerifiedToken>();
  return {
    get(hash: string): VerifiedToken | undefined {
      const entry = entries.get(hash);
      if (entry && entry.expiresAtMs <= now()) {
        entries.delete(hash);
        return undefined;
      }
      return entry;
    },
    set(hash: string, entry: VerifiedToken): void {
      if (entries.size >= VERIFIED_TOKENS_LIMIT) {
        for (const [key, { expiresAtMs }] of entries) if (expiresAtMs <= now()) entries.delete(key);
        // Insertion order: the first key is the oldest.
        if (entries.size >= VERIFIED_TOKENS_LIMIT) entries.delete(entries.keys().next().value!);
      }
      entries.set(hash, entry);
    },
  };
}

async function verifyToken(token: string, issuers: TrustedIssuer[], clientId: string): Promise<VerifiedToken> {
  const trusted = issuers.find((candidate) => candidate.issuer === unverifiedIssuer(token));
  if (!trusted) throw unauthorized();
  try {
    const { payload } = await jwtVerify(token, trusted.keys, { issuer: trusted.issuer, audience: clientId, requiredClaims: ["exp"] });
    return { payload, issuer: trusted, expiresAtMs: Number(payload.exp) * 1000 };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) throw unauthorized();
    throw error;
  }
}

/**
 * Verifies `Authorization: Bearer <id token>`: signature through the issuer's
 * JWKS, issuer among the configured ones, audience the product's client id,
 * not expired. The issuer is read before verification only to pick its keys.
 */
export function requireCaller({ issuers, clientId, isRevoked }: AuthOptions): RequestHandler {
  const verified = verifiedTokenCache();
  return async (req, _res, next) => {
    try {
      const header = req.headers.authorization ?? "";
      const token = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header)?.[1];
      if (!token) throw unauthorized("認証情報がありません。");
      const tokenHash = tokenHashOf(token);
      let entry = verified.get(tokenHash);
      if (!entry) {
        entry = await verifyToken(token, issuers, clientId);
        verified.set(tokenHash, entry);
      }
      const { payload, issuer: trusted } = entry;

      const userUniqueCode = claim(payload, "ba_user_unique_code") ?? claim(payload, "sub");
      const userType = claim(payload, "ba_user_type");
      const bankCode = claim(payload, "ba_user_bank_code");
      if (!userUniqueCode || !bankCode || !USER_TYPES.includes(userType as UserType)) throw unauthorized();
      if (trusted.bankCodes && !trusted.bankCodes.includes(bankCode)) throw unauthorized();

      const companyUniqueCode = claim(payload, "ba_company_unique_code");
      if (!isAdminUserType(userType as UserType) && !companyUniqueCode) throw unauthorized();

      const caller: Caller = {
        userUniqueCode,
        userType: userType as UserType,
        bankCode,
        branchCode: claim(payload, "ba_user_bb_code"),
        companyUniqueCode: isAdminUserType(userType as UserType) ? null : companyUniqueCode,
        companyName: claim(payload, "ba_company_name"),
        issuer: trusted.issuer,
        name: personName(payload),
        email: claim(payload, "ba_user_email"),
        tokenHash,
        expiresAt: new Date(Number(payload.exp) * 1000),
      };
      if (isRevoked && (await isRevoked(caller, req))) throw unauthorized("ログアウト済みです。もう一度ログインしてください。");

      const headerBankCode = req.headers["x-bank-code"];
      if (typeof headerBankCode === "string" && headerBankCode !== "" && headerBankCode !== bankCode) {
        throw forbidden("銀行コードが認証情報と一致しません。");
      }
      req.caller = caller;
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** The caller's company; bank staff have none and may not use company endpoints. */
export function tenantOf(caller: Caller | undefined): string {
  if (!caller) throw unauthorized();
  if (!caller.companyUniqueCode) throw forbidden();
  return caller.companyUniqueCode;
}
