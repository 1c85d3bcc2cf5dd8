import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { Writable } from "node:stream";
import express from "express";
import { inArray, sql } from "drizzle-orm";
import pg from "pg";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readApiConfig } from "../../api/config";
import { openDatabase } from "../../api/db/client";
import { documents } from "../../api/db/schema";
import { startPaymentApi, type PaymentApiService } from "../../api/service";
import { requestLogging } from "../../server/logging";
import { idTokenFor } from "../support/api";
import { createMigratedPostgresDatabase, MIGRATIONS_FOLDER } from "../support/database";
import { DOCUMENT_LINES, insertPaymentUser } from "../support/factories";
import { startTestIssuer, TEST_CLIENT_ID, type TestIssuer } from "../support/issuer";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the process would have died of: an 'error' event nobody hears surfaces as one of these. */
const crashes: unknown[] = [];
const recordCrash = (error: unknown) => crashes.push(error);

let database: Awaited<ReturnType<typeof createMigratedPostgresDatabase>>;
let issuer: TestIssuer;
let service: PaymentApiService;
let server: Server;
let base: string;
let token: string;

/** Runs one statement from an admin connection of its own, as an operator (or a failover) would. */
async function asAdmin<T extends pg.QueryResultRow>(statement: string, values: unknown[] = []): Promise<pg.QueryResult<T>> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    return await admin.query<T>(statement, values);
  } finally {
    await admin.end();
  }
}

/** Ends every connection to the test database, as a PostgreSQL restart or failover does; how many it ended. */
async function terminateEveryBackend(): Promise<number> {
  const { rowCount } = await asAdmin("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [database.name]);
  return rowCount ?? 0;
}

const backendCount = async () =>
  Number((await asAdmin<{ n: string }>("select count(*) as n from pg_stat_activity where datname = $1", [database.name])).rows[0]!.n);

// Only PostgreSQL has connections to lose; PGlite runs inside the process.
describe.skipIf(!process.env.TEST_DATABASE_URL)("a PostgreSQL failover while invoices are written", () => {
  beforeAll(async () => {
    process.on("uncaughtException", recordCrash);
    process.on("unhandledRejection", recordCrash);
    [database, issuer] = await Promise.all([createMigratedPostgresDatabase(), startTestIssuer()]);
    const config = readApiConfig({
      NODE_ENV: "test",
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: "5",
      OIDC_CLIENT_ID: TEST_CLIENT_ID,
      ID_TOKEN_ISSUERS: JSON.stringify([{ issuer: issuer.issuer, jwksUri: issuer.jwksUri }]),
      // The mail worker polls often, so a mail queued after the failover goes out within the test.
      MAIL_POLL_MS: "100",
      NTA_MODE: "offline",
    });
    const logger = pino({ level: "silent" }, new Writable({ write: (_chunk, _encoding, done) => done() }));
    // The real start: the migration check (the copy is current), the pool with its listeners, the mail outbox and the recurring worker polling.
    service = await startPaymentApi(config, { logger, migrationsFolder: MIGRATIONS_FOLDER });
    await insertPaymentUser(service.database.db, "owner");
    token = await idTokenFor(issuer, "owner");
    const app = express();
    app.use(requestLogging(logger));
    app.use(service.router);
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  });

  afterAll(async () => {
    process.off("uncaughtException", recordCrash);
    process.off("unhandledRejection", recordCrash);
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await service?.close();
    await Promise.all([database?.drop(), issuer?.close()]);
  });

  const call = (path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method: body ? "POST" : "GET",
      body: body ? JSON.stringify(body) : undefined,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    });

  const createInvoice = (key: string) =>
    call("/documents", { kind: "invoice", issue_date: "2026-11-22", customer_name: "株式会社青空商事", lines: DOCUMENT_LINES, idempotency_key: key });

  it("lives on: acknowledged invoices are kept, the others answered 503, and writing resumes by itself", async () => {
    const acknowledged: Array<{ id: number; at: number }> = [];
    const refused: Response[] = [];
    const unexpected: string[] = [];
    let writing = true;
    const writer = async (worker: number) => {
      for (let n = 0; writing; n += 1) {
        const response = await createInvoice(`failover-${worker}-${n}`);
        if (response.status === 201) acknowledged.push({ id: (await response.json()).id, at: Date.now() });
        else if (response.status === 503) refused.push(response);
        else unexpected.push(`${response.status} ${await response.text()}`);
      }
    };
    const writers = Array.from({ length: 8 }, (_, worker) => writer(worker));
    let lastFailover = 0;
    for (let round = 0; round < 2; round += 1) {
      await sleep(500);
      expect(await terminateEveryBackend()).toBeGreaterThan(0);
      lastFailover = Date.now();
    }
    await sleep(1000);
    writing = false;
    await Promise.all(writers);

    expect(crashes).toEqual([]);
    expect(unexpected).toEqual([]);
    expect(acknowledged.filter(({ at }) => at > lastFailover && at - lastFailover < 5000).length).toBeGreaterThan(0);
    for (const refusal of refused) {
      expect(refusal.headers.get("retry-after")).toBe("5");
      expect(await refusal.json()).toEqual({ code: "service_unavailable", message: "ただいまサービスに接続できません。しばらくしてから再度お試しください。" });
    }
    const ids = acknowledged.map(({ id }) => id);
    expect(await service.database.db.select({ id: documents.id }).from(documents).where(inArray(documents.id, ids))).toHaveLength(ids.length);

    // The mail worker, polling all along, still sends.
    const { id } = acknowledged[0]!;
    const queued = await call(`/documents/${id}/mails`, { to: ["keiri@aozora.example"], subject: "請求書送付のご案内", body: "請求書をお送りします。", delivery: "link" });
    expect(queued.status).toBe(202);
    let status: unknown;
    for (let attempt = 0; status !== "sent" && attempt < 50; attempt += 1) {
      await sleep(100);
      status = (await (await call(`/documents/${id}/mails`)).json()).mails[0].status;
    }
    expect(status).toBe("sent");
    // No dead client keeps a slot: the pool holds exactly the connections the server has for this database.
    await expect.poll(async () => (await backendCount()) - service.database.poolStats!().total, { timeout: 2000 }).toBe(0);
  }, 15_000);

  it("is not ready while the database refuses connections, and ready again once it takes them, without a restart", async () => {
    // Both /readyz (server/app.ts, api/server.ts) answer with this ping.
    await service.database.ping();
    await asAdmin(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS false`);
    try {
      await terminateEveryBackend();
      await expect(service.database.ping()).rejects.toThrow();
    } finally {
      await asAdmin(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS true`);
    }
    await service.database.ping();
    expect(crashes).toEqual([]);
  });

  it("keeps every pool slot through many failovers in quick succession", async () => {
    // A small pool of its own, so a slot kept by a dead client (a BEGIN sent as the connection died) would leave none.
    const handle = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
    try {
      let running = true;
      const transactions = async () => {
        while (running) await handle.db.transaction((tx) => tx.execute(sql`select pg_sleep(0.001)`)).catch(() => undefined);
      };
      const workers = Array.from({ length: 4 }, transactions);
      for (let round = 0; round < 20; round += 1) {
        await sleep(40);
        await terminateEveryBackend();
      }
      running = false;
      await Promise.all(workers);
      await handle.ping();
      expect(handle.poolStats!()).toMatchObject({ waiting: 0 });
      expect(crashes).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 10_000);
});
