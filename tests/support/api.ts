import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { pino } from "pino";
import { trustIssuers } from "../../api/auth";
import type { DatabaseHandle } from "../../api/db/client";
import type { MaintenanceWindow } from "../../api/maintenance";
import { createLinkSigner, type LinkSigner } from "../../api/mail/links";
import { createMailOutbox, type MailOutbox, type MailSettings } from "../../api/mail/outbox";
import { createLocalMailbox, type MailTransport } from "../../api/mail/transport";
import type { RegistrationLookup } from "../../api/registration-numbers/lookup";
import { createPaymentApi } from "../../api/router";
import { createBankService } from "../../api/bank-service";
import { DEMO_USERS } from "../../sandbox/demo-data";
import { ssoProfileOf } from "../../sandbox/sso-profile";
import { createDatabaseFileStorage } from "../../api/storage/storage";
import { createSandboxBankService } from "../../sandbox/bank-service";
import { createSandboxAccessPoint } from "../../sandbox/peppol-access-point";
import { SANDBOX_PEPPOL_AP_TOKEN } from "../../api/config";
import { createHttpAccessPoint, type AccessPoint } from "../../api/peppol/access-point";
import { inProcessTransport } from "../../server/in-process-api";
import { requestLogging } from "../../server/logging";
import type { PaymentApiTransport } from "~/services/payment-api.server";
import { openTestDatabase } from "./database";
import { startTestIssuer, TEST_CLIENT_ID, type TestIssuer } from "./issuer";
import type { FixtureUserName } from "./users";
import { fixtureUsers } from "./users";
import { afterAll, beforeAll } from "vitest";
import { insertPaymentUser } from "./factories";
import { sessionCookieFor } from "./session";

export type TestApi = {
  url: string;
  /** The sandbox bank service, trusting the same test issuer. */
  bankServiceUrl: string;
  database: DatabaseHandle & { label: string };
  issuer: TestIssuer;
  /** The outbox behind the send endpoints, and the signer of recipients' links. */
  mail: { outbox: MailOutbox; signer: LinkSigner; settings: MailSettings };
  /** The sandbox's Peppol access point on this server, reached over HTTP as the product reaches one (decision 045). */
  peppolUrl: string;
  /** An id token for a demo user, as the identity provider would issue it. */
  tokenFor: (name: FixtureUserName, overrides?: Record<string, unknown>) => Promise<string>;
  /** The same API reached in process, as the web server's loaders reach the embedded one. */
  inProcess: PaymentApiTransport;
  /** A call with the user's token (or none when `as` is null). */
  call: (path: string, init?: RequestInit & { as?: FixtureUserName | null; token?: string }) => Promise<Response>;
  close: () => Promise<void>;
};

/** An id token for a demo user, with the claims the sandbox's identity provider puts in its tokens (company name and branch included). */
export function idTokenFor(issuer: TestIssuer, name: FixtureUserName, overrides: Record<string, unknown> = {}): Promise<string> {
  const user = fixtureUsers[name];
  const { ba_company_name, ba_user_bb_code, ba_user_bb_name } = ssoProfileOf(DEMO_USERS.find((candidate) => candidate.userUniqueCode === user.userUniqueCode)!);
  return issuer.sign({
    ba_user_unique_code: user.userUniqueCode,
    ba_user_type: user.userType,
    ba_user_bank_code: user.bankCode,
    ba_company_unique_code: user.companyUniqueCode ?? undefined,
    ba_company_name: ba_company_name ?? undefined,
    ba_user_bb_code: ba_user_bb_code ?? undefined,
    ba_user_bb_name: ba_user_bb_name ?? undefined,
    ba_user_last_name: user.lastName,
    ba_user_first_name: user.firstName,
    ...overrides,
  });
}

/**
 * A failed send is retried this long after: longer than one pass of the outbox's drain takes on a busy PostgreSQL
 * (at 10 ms a retry fell due within the same drain and a test saw it sent where it asked whether it waits).
 */
export const MAIL_RETRY_MS = 500;

/** The Payment API on a fresh database, mounted as the web server mounts it, with a test issuer. */
export async function startTestApi(
  options: {
    maintenance?: MaintenanceWindow;
    now?: () => Date;
    transport?: MailTransport;
    registrationLookup?: (db: DatabaseHandle["db"]) => RegistrationLookup;
    /** A database of the test's own (a restored backup), migrated; closed with the API. */
    database?: DatabaseHandle & { label: string };
    /** Another access point than the sandbox's on this server, given its address once the server listens. */
    accessPoint?: (sandboxUrl: string) => AccessPoint;
  } = {},
): Promise<TestApi> {
  const [database, issuer] = await Promise.all([options.database ?? openTestDatabase(), startTestIssuer()]);
  const storage = createDatabaseFileStorage(database.db);
  const signer = createLinkSigner("test-link-secret-0123456789");
  // Short waits so retries happen within a test; the worker is not started: tests drain the outbox themselves.
  const mailSettings = { from: "帳票クラウド <no-reply@test.example>", publicUrl: "http://web.test", linkDays: 30, ratePerHour: 20, maxAttempts: 3, retryBaseMs: MAIL_RETRY_MS, leaseMs: 60_000 };
  let origin = "";
  // Resolved on first use: the server's port is known once it listens.
  let resolvedAccessPoint: AccessPoint | undefined;
  const peppolUrl = () => `${origin}/sandbox/peppol`;
  const accessPointOf = () =>
    (resolvedAccessPoint ??= options.accessPoint?.(peppolUrl()) ?? createHttpAccessPoint({ baseUrl: peppolUrl(), token: SANDBOX_PEPPOL_AP_TOKEN, timeoutMs: 5000 }));
  const accessPoint: AccessPoint = {
    send: (document) => accessPointOf().send(document),
    inbox: (participant) => accessPointOf().inbox(participant),
    fetchDocument: (id) => accessPointOf().fetchDocument(id),
    acknowledge: (id) => accessPointOf().acknowledge(id),
  };
  const outbox = createMailOutbox({ db: database.db, storage, transport: options.transport ?? createLocalMailbox(database.db), signer, settings: mailSettings, accessPoint });
  const app = express();
  app.use(requestLogging(pino({ level: "silent" })));
  // No cooldown, so a rotated key is fetched at once.
  const issuers = trustIssuers([{ issuer: issuer.issuer, jwksUri: issuer.jwksUri }], { cooldownMs: 0 });
  app.use("/bank-service", createSandboxBankService({ issuers, clientId: TEST_CLIENT_ID }));
  app.use("/sandbox/peppol", createSandboxAccessPoint(database.db));
  const paymentApi = createPaymentApi({
    db: database.db,
    storage,
    mail: { outbox, signer, settings: mailSettings },
    issuers,
    clientId: TEST_CLIENT_ID,
    maintenance: options.maintenance ?? null,
    now: options.now,
    registrationLookup: options.registrationLookup?.(database.db),
    // The sandbox bank service above, on this server: its port is known once it listens.
    bankService: createBankService(() => `${origin}/bank-service`),
    accessPoint,
  });
  app.use("/payment-api", paymentApi);
  const server: Server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const url = `${origin}/payment-api/api/v1`;

  const tokenFor = (name: FixtureUserName, overrides: Record<string, unknown> = {}) => idTokenFor(issuer, name, overrides);

  return {
    url,
    bankServiceUrl: `${origin}/bank-service`,
    database,
    issuer,
    mail: { outbox, signer, settings: mailSettings },
    peppolUrl: peppolUrl(),
    inProcess: inProcessTransport(paymentApi, "/payment-api", pino({ level: "silent" })),
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

/**
 * For a test file: the Payment API on a fresh database with the two companies
 * tenant tests need (the demo owner's and shinkin's), started before the
 * file's tests and closed after them. The object is filled in by beforeAll.
 */
/** The tenants' test API with the web app's services pointed at it: for tests of route loaders and actions. */
export function useRouteTestApi(others: FixtureUserName[] = []): TestApi {
  const api = useTenantTestApi(others);
  beforeAll(() => {
    process.env.PAYMENT_API_BASE_URL = api.url.replace(/\/api\/v1$/, "");
  });
  afterAll(() => {
    delete process.env.PAYMENT_API_BASE_URL;
  });
  return api;
}

/** A test API with the demo owner and another bank's owner as payment users, and `others` too (e.g. "user", limited to their own documents). */
export function useTenantTestApi(others: FixtureUserName[] = []): TestApi {
  const api = {} as TestApi;
  beforeAll(async () => {
    Object.assign(api, await startTestApi());
    for (const name of ["owner", "shinkinOwner", ...others] as const) await insertPaymentUser(api.database.db, name);
  });
  afterAll(async () => {
    await api.close?.();
  });
  return api;
}

/** A request to a web route from a signed-in user whose id token the test Payment API accepts. */
export async function signedInRequest(api: TestApi, name: FixtureUserName, path: string, init: RequestInit = {}): Promise<Request> {
  const cookie = await sessionCookieFor(fixtureUsers[name], { idToken: await api.tokenFor(name) });
  const headers = new Headers(init.headers);
  headers.set("Cookie", `${cookie.name}=${cookie.value}`);
  return new Request(`http://localhost${path}`, { ...init, headers });
}
