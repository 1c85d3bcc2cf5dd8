import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../api/db/client";
import { documentMails, documents, localMailbox, recurringRuns, recurringSchedules } from "../../api/db/schema";
import { seedDemoData } from "../../sandbox/seed";
import { createMigratedPostgresDatabase } from "../support/database";
import { FormBrowser } from "../support/form-browser";
import { selfSignedCertificate, startNginx, type RunningNginx } from "../support/nginx";
import { freePort, startBuiltServer, type RunningServer } from "../support/server-process";

/*
 * Issue 31 item 4 (ADR 040): two built servers on one PostgreSQL database behind nginx terminating TLS, round robin,
 * configured as README "Running several instances" says (the sandbox's sign-in paths routed by client address, as
 * its identity provider keeps a sign-in in one process's memory). Everything is asked through nginx, which tells the
 * test which instance answered (X-Upstream, added here) to show both took part. PostgreSQL only: PGlite is one
 * process's. The figures are printed for the issue's closing note.
 */
const PUBLIC_HOST = "chohyo.bank.example";
const SIGN_IN_LIMIT = 6;

let folder: string;
let dataDir: string;
let database: Awaited<ReturnType<typeof createMigratedPostgresDatabase>>;
let db: DatabaseHandle;
let tls: ReturnType<typeof selfSignedCertificate>;
let proxyPort: number;
let publicUrl: string;
let ports: [number, number];
let servers: [RunningServer, RunningServer];
let nginx: RunningNginx;
let client: FormBrowser;
let idToken: string;

const upstreamOf = (port: number) => `127.0.0.1:${port}`;

/** Both instances share the database, the secrets, the public address and (for the sandbox's signing keys) DATA_DIR. */
const instance = (port: number) =>
  startBuiltServer(
    {
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: "10",
      DATA_DIR: dataDir,
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: "1",
      RATE_LIMIT_SIGN_IN_PER_10_MINUTES: String(SIGN_IN_LIMIT),
      RECURRING_POLL_MS: "1000",
      MAIL_POLL_MS: "200",
    },
    { port },
  );

/** The README's block for several instances, with the test's addresses, ports and certificate. */
function documentedNginxConfig(): string {
  const readme = readFileSync("README.md", "utf8");
  const block = /```nginx\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf("## Running several instances")))?.[1];
  if (!block) throw new Error('README.md has no ```nginx block under "## Running several instances"');
  return (
    block
      .replaceAll("10.0.0.11:3000", upstreamOf(ports[0]))
      .replaceAll("10.0.0.12:3000", upstreamOf(ports[1]))
      .replace("listen 8443 ssl;", `listen 127.0.0.1:${proxyPort} ssl;`)
      .replace("/etc/nginx/tls/chohyo.crt", tls.certificate)
      .replace("/etc/nginx/tls/chohyo.key", tls.key)
      // Which instance answered (both, when nginx tried one and then the other).
      .replace("client_max_body_size 32m;", "client_max_body_size 32m;\n    add_header X-Upstream $upstream_addr always;")
  );
}

/** The id token the session cookie carries (Remix's signed cookie: base64 JSON, then the signature). */
function idTokenOf(cookie: string): string {
  const value = decodeURIComponent(cookie);
  return (JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8")) as { idToken: string }).idToken;
}

/** A call to the Payment API through nginx, as another client of the API would make it, with the signed-in user's token. */
async function api(pathname: string, init: { method?: string; body?: unknown } = {}) {
  const response = await client.request(`${publicUrl}/payment-api/api/v1${pathname}`, {
    method: init.method ?? "GET",
    headers: { Authorization: `Bearer ${idToken}`, "Content-Type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, upstream: response.headers.get("x-upstream") ?? "", body: text.startsWith("{") ? (JSON.parse(text) as Record<string, unknown>) : { text } };
}

const invoice = (fields: Record<string, unknown> = {}) => ({
  kind: "invoice",
  issue_date: "2026-11-27",
  customer_name: "株式会社分散商事",
  lines: [{ description: "保守作業", quantity: "1", unit_price: "10000", tax_rate: "10" }],
  ...fields,
});

/** The sequence numbers of invoice numbers (INV-…-0042 is 42). */
const sequenceOf = (number: unknown) => Number(/(\d+)$/.exec(String(number))![1]);

function expectConsecutive(numbers: number[], count: number) {
  const sorted = [...numbers].sort((a, b) => a - b);
  expect(new Set(sorted).size).toBe(count);
  expect(sorted[sorted.length - 1]! - sorted[0]!).toBe(count - 1);
}

const both = () => [upstreamOf(ports[0]), upstreamOf(ports[1])].sort();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Attempt = { key: string; status: number | "no answer"; upstream: string; id?: number; number?: unknown; startedAt: number; endedAt: number };

/**
 * Six writers creating invoices through nginx until stopped, each sending one
 * again with its one-time key until it is acknowledged, as the create form does.
 */
function writesFlowing() {
  const attempts: Attempt[] = [];
  const keys: string[] = [];
  let flowing = true;
  const write = async (key: string) => {
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const startedAt = Date.now();
      try {
        const result = await api("/documents", { method: "POST", body: invoice({ idempotency_key: key, customer_name: "株式会社再起動商事" }) });
        attempts.push({ key, status: result.status, upstream: result.upstream, id: Number(result.body.id), number: result.body.number, startedAt, endedAt: Date.now() });
        if (result.status === 200 || result.status === 201) return;
      } catch {
        attempts.push({ key, status: "no answer", upstream: "", startedAt, endedAt: Date.now() });
      }
      await sleep(200);
    }
  };
  const writer = async () => {
    while (flowing) {
      const key = `restart-${randomUUID()}`;
      keys.push(key);
      await write(key);
    }
  };
  const writers = Array.from({ length: 6 }, writer);
  return {
    attempts,
    /** Lets the writers finish what they send; what each attempt came to. */
    stop: async () => {
      flowing = false;
      await Promise.all(writers);
      const acknowledged = attempts.filter((attempt) => attempt.status === 200 || attempt.status === 201);
      return {
        attempts,
        keys,
        acknowledged,
        // Tried on one instance, then the other (nginx's $upstream_addr names both).
        retried: attempts.filter((attempt) => attempt.upstream.includes(",")),
        failed: attempts.filter((attempt) => !acknowledged.includes(attempt)),
      };
    },
  };
}

/** Every acknowledged write is stored with the number it was answered with, one invoice per key, the numbers consecutive. */
async function expectEachWriteStoredOnce(keys: string[], acknowledged: Attempt[]) {
  const stored = await db.db
    .select({ id: documents.id, key: documents.idempotencyKey, number: documents.number })
    .from(documents)
    .where(and(inArray(documents.idempotencyKey, keys), eq(documents.kind, "invoice")));
  const byKey = new Map(stored.map((row) => [row.key, row]));
  for (const attempt of acknowledged) expect(byKey.get(attempt.key)).toMatchObject({ id: attempt.id, number: attempt.number });
  expect(stored).toHaveLength(keys.length);
  expect(new Set(acknowledged.map((attempt) => attempt.key)).size).toBe(keys.length);
  expectConsecutive(stored.map((row) => sequenceOf(row.number)), stored.length);
}

/** What nginx's error log says about POSTs to an upstream (a refused connection, a reset). */
const upstreamErrors = () =>
  nginx
    .errorLog()
    .split("\n")
    .filter((line) => line.includes("upstream") && line.includes("POST"))
    .map((line) => /\] \d+#\d+: \*\d+ ([^,]+)/.exec(line)?.[1]);

describe.skipIf(!process.env.TEST_DATABASE_URL)("two instances on one PostgreSQL behind nginx (round robin)", () => {
  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), "chohyo-multi-"));
    dataDir = path.join(folder, "data");
    tls = selfSignedCertificate(folder, PUBLIC_HOST);
    [proxyPort, ...ports] = (await Promise.all([freePort(), freePort(), freePort()])) as [number, number, number];
    publicUrl = `https://${PUBLIC_HOST}:${proxyPort}`;
    // Migrated (a copy of the run's template) and seeded once (instances on PostgreSQL never seed); each instance then finds the schema current.
    database = await createMigratedPostgresDatabase();
    db = await openDatabase({ databaseUrl: database.url, poolSize: 3 });
    await seedDemoData(db.db, path.resolve("sandbox/assets"));
    servers = await Promise.all([instance(ports[0]), instance(ports[1])]);
    nginx = await startNginx(folder, documentedNginxConfig(), proxyPort);
    client = new FormBrowser({ hosts: [PUBLIC_HOST], ca: tls.pem });
  }, 90_000);

  afterAll(async () => {
    await client?.close();
    await nginx?.stop();
    await Promise.all((servers ?? []).map((server) => server?.stop()));
    await db?.close();
    await database?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it("a sign-in through the sandbox, and the session continues on either instance", async () => {
    // Started together on an empty DATA_DIR, both sign with the key the first one kept.
    const keys = await Promise.all(servers.map(async (server) => (await (await fetch(`${server.baseUrl}/sandbox/idp/default/jwks`)).json()) as unknown));
    expect(keys[1]).toEqual(keys[0]);

    const home = await client.open(`${publicUrl}/`);
    const login = await client.submit(home, 'name="redirectTo"');
    expect(login.url).toMatch(new RegExp(`^${publicUrl}/sandbox/idp/default/interaction/`));
    const top = await client.submit(login, 'name="login"', { login: "owner@demo.example", password: "demo" });
    expect(top.url).toBe(`${publicUrl}/top`);
    idToken = idTokenOf(client.cookie("__session")!);

    const served: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await client.request(`${publicUrl}/top`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("株式会社デモ商事");
      served.push(response.headers.get("x-upstream")!);
    }
    expect([...new Set(served)].sort()).toEqual(both());
  });

  it("200 creates at once across both are numbered without gaps or duplicates", async () => {
    const results = await Promise.all(Array.from({ length: 200 }, () => api("/documents", { method: "POST", body: invoice() })));
    expect(results.map((result) => result.status)).toEqual(Array(200).fill(201));
    expect([...new Set(results.map((result) => result.upstream))].sort()).toEqual(both());
    expectConsecutive(results.map((result) => sequenceOf(result.body.number)), 200);
    console.log(`creates: 200 at once, ${results.filter((result) => result.upstream === upstreamOf(ports[0])).length} by one instance; numbers ${results.map((result) => result.body.number).sort()[0]} to ${results.map((result) => result.body.number).sort()[199]}`);
  }, 60_000);

  it("each mail queued through either instance is sent once", async () => {
    const made = await Promise.all(Array.from({ length: 12 }, (_, i) => api("/documents", { method: "POST", body: invoice({ customer_name: `株式会社送信${i}` }) })));
    const queued = await Promise.all(
      made.map((document) =>
        api(`/documents/${document.body.id}/mails`, {
          method: "POST",
          body: { to: ["keiri@aozora.example"], cc: [], subject: "請求書送付のご案内", body: "請求書をお送りします。", delivery: "attachment" },
        }),
      ),
    );
    expect(queued.map((mail) => mail.status)).toEqual(Array(12).fill(202));
    expect([...new Set(queued.map((mail) => mail.upstream))].sort()).toEqual(both());
    const ids = queued.map((mail) => Number(mail.body.id));
    const pending = async () =>
      (await db.db.select({ status: documentMails.status }).from(documentMails).where(inArray(documentMails.id, ids))).filter((mail) => mail.status !== "sent").length;
    await expect.poll(pending, { timeout: 20_000, interval: 200 }).toBe(0);
    // The documents' mails: the mailbox also keeps approval mails (decision 049), numbered on their own.
    const delivered = await db.db
      .select({ mailId: localMailbox.mailId })
      .from(localMailbox)
      .where(and(eq(localMailbox.source, "document"), inArray(localMailbox.mailId, ids)));
    expect(delivered.map((row) => row.mailId).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  }, 30_000);

  it("each recurring invoice is made once while both instances' workers run", async () => {
    const schedules: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const source = await api("/documents", { method: "POST", body: invoice({ customer_name: `株式会社定期${i}` }) });
      const schedule = await api("/recurring-invoices", { method: "POST", body: { source_document_id: source.body.id, day_of_month: 1, interval_months: 1, start_date: "2026-12-01" } });
      expect(schedule.status).toBe(201);
      schedules.push(Number(schedule.body.id));
    }
    // Three months due at once (a restart after downtime), for every schedule: twelve runs for two workers polling each second.
    await db.db.update(recurringSchedules).set({ startDate: "2026-09-01", nextRunOn: "2026-09-01" }).where(inArray(recurringSchedules.id, schedules));
    const runs = () => db.db.select().from(recurringRuns).where(inArray(recurringRuns.scheduleId, schedules));
    await expect.poll(async () => (await runs()).filter((run) => !["queued", "running"].includes(run.status)).length, { timeout: 20_000, interval: 250 }).toBe(12);
    expect((await runs()).filter((run) => run.status !== "done").map((run) => [run.period, run.status, run.error])).toEqual([]);
    const made = await db.db.select({ key: documents.idempotencyKey, number: documents.number }).from(documents).where(like(documents.idempotencyKey, "recurring:%"));
    expect(made).toHaveLength(12);
    expect(new Set(made.map((row) => row.key)).size).toBe(12);
    expect(new Set((await runs()).map((run) => run.documentId)).size).toBe(12);
    console.log(`recurring: 4 schedules x 3 due months = ${made.length} invoices, each once`);
  }, 30_000);

  it("the sign-in rate limit counts across both instances", async () => {
    // From another address than the session's, so its count starts at nothing.
    const other = new FormBrowser({ hosts: [PUBLIC_HOST], ca: tls.pem, localAddress: "127.0.0.2" });
    const answers: Array<{ status: number; upstream: string }> = [];
    for (let i = 0; i < SIGN_IN_LIMIT * 2; i += 1) {
      const response = await other.request(`${publicUrl}/bamidp/login`, {
        method: "POST",
        headers: { Origin: publicUrl, "Content-Type": "application/x-www-form-urlencoded" },
        body: "",
      });
      await response.body?.cancel();
      answers.push({ status: response.status, upstream: response.headers.get("x-upstream") ?? "" });
    }
    await other.close();
    expect(answers.filter((answer) => answer.status !== 429)).toHaveLength(SIGN_IN_LIMIT);
    expect(answers.slice(SIGN_IN_LIMIT).every((answer) => answer.status === 429)).toBe(true);
    expect([...new Set(answers.slice(SIGN_IN_LIMIT).map((answer) => answer.upstream))].sort()).toEqual(both());
  });

  it("restarting one instance (SIGTERM) while writes flow: every acknowledged write is kept, what nginx retried succeeded, and a client's retry with the one-time key makes one", async () => {
    const writes = writesFlowing();
    await sleep(1000);
    const stopping = Date.now();
    const [first] = servers;
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    const shutdownMs = Date.now() - stopping;
    await sleep(500);
    servers[0] = await instance(ports[0]);
    await expect.poll(() => writes.attempts.slice(-6).some((attempt) => attempt.upstream === upstreamOf(ports[0])), { timeout: 10_000, interval: 100 }).toBe(true);
    const { attempts, keys, acknowledged, retried, failed } = await writes.stop();

    // Answered by the stopping instance after it was told to stop: in flight then, finished by the graceful shutdown.
    const finishedInFlight = acknowledged.filter((attempt) => attempt.upstream === upstreamOf(ports[0]) && attempt.startedAt < stopping && attempt.endedAt > stopping);
    expect(retried.every((attempt) => acknowledged.includes(attempt))).toBe(true);
    await expectEachWriteStoredOnce(keys, acknowledged);
    console.log(
      `restart: ${keys.length} invoices in ${attempts.length} requests, ${retried.length} retried by nginx on the other instance, ` +
        `${failed.length} not acknowledged (${failed.map((attempt) => attempt.status).join(", ")}) and sent again by the client with its key; ` +
        `${finishedInFlight.length} in flight on the stopped instance finished; shutdown took ${shutdownMs} ms; nginx said: ${JSON.stringify(upstreamErrors())}`,
    );
  }, 60_000);

  it("restarting one instance taken out of nginx first (README): nginx refuses no request and retries none", async () => {
    const writes = writesFlowing();
    await sleep(1000);
    const errorsBefore = upstreamErrors().length;
    // README "Running several instances": mark it down in both upstreams and reload; the reload returns once the old workers finished.
    const takenOut = documentedNginxConfig().replaceAll(`${upstreamOf(ports[0])} max_fails=1 fail_timeout=2s;`, `${upstreamOf(ports[0])} max_fails=1 fail_timeout=2s down;`);
    expect(takenOut.match(/ down;/g)).toHaveLength(2);
    await nginx.reload(takenOut);
    const outAt = Date.now();
    const [first] = servers;
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    await sleep(500);
    servers[0] = await instance(ports[0]);
    const backAt = Date.now();
    await nginx.reload(documentedNginxConfig());
    await expect.poll(() => writes.attempts.slice(-6).some((attempt) => attempt.upstream === upstreamOf(ports[0])), { timeout: 10_000, interval: 100 }).toBe(true);
    const { attempts, keys, acknowledged, retried, failed } = await writes.stop();

    // Nothing refused by nginx (502) nor tried on one instance and then the other. An old worker
    // closing its idle connections to clients at the reload may leave a post unsent, which a
    // browser sends again by itself on a new connection, and this client with its key.
    expect(failed.filter((attempt) => attempt.status !== "no answer")).toEqual([]);
    expect(retried).toEqual([]);
    expect(upstreamErrors().slice(errorsBefore)).toEqual([]);
    // While it was out (and stopped, and started again), the other instance answered everything.
    const whileOut = attempts.filter((attempt) => attempt.startedAt >= outAt && attempt.endedAt <= backAt);
    expect(whileOut.length).toBeGreaterThan(0);
    expect(whileOut.every((attempt) => attempt.upstream === upstreamOf(ports[1]))).toBe(true);
    await expectEachWriteStoredOnce(keys, acknowledged);
    console.log(`planned restart: ${keys.length} invoices in ${attempts.length} requests, none refused or retried by nginx; ${failed.length} unsent at its reload`);
  }, 60_000);
});
