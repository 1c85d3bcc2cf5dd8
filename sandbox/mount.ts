import { Router } from "express";
import type { Config } from "~/services/config.server";
import { SANDBOX_BANK_SERVICE_PATH, SANDBOX_IDP_PATHS } from "~/services/config.server";
import { SIGN_IN_PATH } from "~/services/route-checks.server";
import { trustIssuers } from "../api/auth";
import type { IssuerConfig } from "../api/config";
import { createSandboxBankService } from "./bank-service";
import { DEMO_BANKS } from "./demo-data";
import { createSandboxIdentityProvider } from "./identity-provider";
import { SANDBOX_NTA_APPLICATION_ID } from "./nta-fixture";
import { createSandboxNtaWebApi, SANDBOX_NTA_PATH } from "./nta-web-api";

/** Banks signed in by each sandbox provider: bank 0182 has its own (SPEC §6). */
const BANKS_OF = {
  default: DEMO_BANKS.filter((bank) => bank.identityProvider === "default").map((bank) => bank.bankCode),
  "0182": DEMO_BANKS.filter((bank) => bank.identityProvider === "0182").map((bank) => bank.bankCode),
};

const TITLES = { default: "デモ銀行グループ ログイン", "0182": "みらい地方銀行 ログイン" };

/**
 * The sandbox's identity providers, bank service and NTA Web-API stand-in, for
 * a process with no external issuer: returns the router to mount at the root,
 * the issuers the Payment API must trust (JWKS read over loopback) and where
 * it verifies registration numbers unless configured otherwise.
 */
export async function mountSandbox(config: Config, { keysDir }: { keysDir: string }) {
  const router = Router();
  const loopback = config.loopbackUrl;
  const issuers: IssuerConfig[] = [];
  for (const id of ["default", "0182"] as const) {
    const issuer = `${config.publicUrl}${SANDBOX_IDP_PATHS[id]}`;
    router.use(
      SANDBOX_IDP_PATHS[id],
      await createSandboxIdentityProvider({
        id,
        issuer,
        bankCodes: BANKS_OF[id],
        title: TITLES[id],
        client: {
          clientId: config.oidc.clientId,
          clientSecret: config.oidc.clientSecret,
          redirectUris: [`${config.publicUrl}/callback`],
          postLogoutRedirectUris: [`${config.publicUrl}${SIGN_IN_PATH}`],
        },
        keysDir,
        cookieSecret: config.sessionSecrets[0]!,
      }),
    );
    issuers.push({ issuer, jwksUri: `${loopback}${SANDBOX_IDP_PATHS[id]}/jwks`, bankCodes: BANKS_OF[id] });
  }
  router.use(SANDBOX_BANK_SERVICE_PATH, createSandboxBankService({ issuers: trustIssuers(issuers), clientId: config.oidc.clientId }));
  router.use(SANDBOX_NTA_PATH, createSandboxNtaWebApi());
  const nta = { baseUrl: `${loopback}${SANDBOX_NTA_PATH}`, applicationId: SANDBOX_NTA_APPLICATION_ID };
  return { router, issuers, nta };
}
