import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { pino } from "pino";
import { trustIssuers } from "../../api/auth";
import type { DatabaseHandle } from "../../api/db/client";
import type { MaintenanceWindow } from "../../api/maintenance";
import { createPaymentApi } from "../../api/router";
import { createSandboxBankService } from "../../sandbox/bank-service";
import { requestLogging } from "../../server/logging";
import { openTestDatabase } from "./database";
import { startTestIssuer, TEST_CLIENT_ID, type TestIssuer } from "./issuer";
import type { FixtureUserName } from "./users";
import { fixtureUsers } from "./users";

export type TestApi = {
  url: string;
  /** The sandbox bank service, trusting the same test issuer. */
  bankServiceUrl: string;
  database: DatabaseHandle & { label: string };
  issuer: TestIssuer;
  /** An id token for a demo user, as the identity provider would issue it. */
  tokenFor: (name: FixtureUserName, overrides?: Record<string, unknown>) => Promise<string>;
  /** A call with the user's token (or none when `as` is null). */
  call: (path: string, init?: RequestInit & { as?: FixtureUserName | null; token?: string }) => Promise<Response>;
  close: () => Promise<void>;
};

/** The Payment API on a fresh database, mounted as the web server mounts it, with a test issuer. */
export async function startTestApi(options: { maintenance?: MaintenanceWindow; now?: () => Date } = {}): Promise<TestApi> {
  const [database, issuer] = await Promise.all([openTestDatabase(), startTestIssuer()]);
  const app = express();
  app.use(requestLogging(pino({ level: "silent" })));
  // No cooldown, so a rotated key is fetched at once.
  const issuers = trustIssuers([{ issuer: issuer.issuer, jwksUri: issuer.jwksUri }], { cooldownMs: 0 });
  app.use("/bank-service", createSandboxBankService({ issuers, clientId: TEST_CLIENT_ID }));
  app.use(
    "/payment-api",
    createPaymentApi({
      db: database.db,
      issuers,
      clientId: TEST_CLIENT_ID,
      maintenance: options.maintenance ?? null,
      now: options.now,
    }),
  );
  const server: Server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const url = `${origin}/payment-api/api/v1`;

  const tokenFor = (name: FixtureUserName, overrides: Record<string, unknown> = {}) => {
    const user = fixtureUsers[name];
    return issuer.sign({
      ba_user_unique_code: user.userUniqueCode,
      ba_user_type: user.userType,
      ba_user_bank_code: user.bankCode,
      ba_company_unique_code: user.companyUniqueCode ?? undefined,
      ...overrides,
    });
  };

  return {
    url,
    bankServiceUrl: `${origin}/bank-service`,
    database,
    issuer,
    tokenFor,
    call: async (path, init = {}) => {
      const { as = "owner", token, ...rest } = init;
      const headers = new Headers(rest.headers);
      const bearer = token ?? (as ? await tokenFor(as) : null);
      if (bearer) headers.set("Authorization", `Bearer ${bearer}`);
      return fetch(`${url}${path}`, { ...rest, headers });
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await Promise.all([database.close(), issuer.close()]);
    },
  };
}
