/**
 * Page-weight and throughput benchmark.
 *
 * Builds the app, starts dist/server.js on a free loopback port, then for each
 * page below measures the gzip size of the JavaScript and CSS it loads and its
 * throughput under autocannon, next to the bare Express route /dev/bare (same
 * server and middleware, no Remix) as the baseline.
 *
 * The embedded Payment API is measured too, with an id token from the test
 * issuer: on the server's PGlite database, and again on PostgreSQL in a second
 * server (BENCH_DATABASE_URL, else the local default server; skipped when that
 * default cannot be reached), each beside the bare route of its own server.
 * Both databases get a company with 10,000 invoices and 10,000 received
 * invoices and companies with 100 of each, and the lists (API and pages) of
 * each are measured: the budget is 1.5× at most between them.
 * The large company's invoices carry ten lines each, and exporting those
 * 100,000 lines as CSV is timed while the server's resident memory is sampled:
 * a streamed export grows it by about as much as exporting a tenth of them.
 * A 30-line invoice is rendered as a PDF (median of warm runs, and its size),
 * and its print page (the snapshot) is put under load like the other pages.
 * Each signed-in page's JavaScript — its files and its inline scripts (the
 * hydration data and the inlined route manifest) — is checked against its
 * budget (100 KiB, 110 for create and edit pages), and Lighthouse's mobile
 * performance run (Debian's Chromium) scores TOP, the invoice list, an invoice
 * detail, the invoice form and the reports, beside the empty page
 * /dev/layouts/empty (the control), --lighthouse-runs times each (1 unless
 * given), with each median.
 * The invoice list, an invoice detail and TOP are each put under load between
 * two runs of an empty page of the same server (/dev/layouts/empty) and must
 * reach half its requests per second; the server process's CPU time per
 * request is printed beside it, and the floor's throughput as information.
 *
 *   npm run bench -- [--no-build] [--duration=5] [--connections=10] [--json] [--only=PART,…] [--lighthouse-runs=N]
 *                    [--floor-rounds=3] [--lighthouse-reports=DIR] [--profile=DIR]
 *
 * --only=weight measures the pages' JavaScript and CSS alone (on the demo data,
 * without load, exports, PDF, memory or Lighthouse) and prints the budgets:
 * byte sizes do not depend on the machine's load, so this part needs no quiet machine.
 * --only=floor, memory, exports, lighthouse or lists (several with commas) run
 * those parts alone, as in the whole run, to work on one budget; lists are the
 * invoice and received invoice list pages by each filter and sort, 10,000 vs 100.
 * --only=visit clicks through five pages in Chromium (TOP → invoice list → an invoice detail → invoice create →
 * reports) on a fresh embedded database with the demo data and counts the requests and bytes (scripts/bench-visit.ts).
 * --only=billing times the monthly billing cycle (issue 19) in this process, without a server or the
 * build: 合算請求 of 1,000 delivery slips into 100 invoices, and 入金消込 of a 10,000-line 全銀
 * statement against 10,000 open invoices (upload, proposals, 1,000 matches confirmed), each within
 * 60 s, on a fresh embedded database and on PostgreSQL (scripts/bench-billing.ts).
 * --floor-rounds=N measures each floor page N times (3 unless given), each between two runs of the empty page, and
 * judges the median share: one 5-second run of the empty page moved by up to a fifth from the next on this machine.
 * --profile=DIR keeps each server's CPU profile (node --cpu-prof) in DIR; with --only=floor, each floor page is then
 * loaded alone once more at the end, and the run prints where in the profile (scripts/cpu-profile-summary.ts --window).
 * --lighthouse-reports=DIR keeps each Lighthouse run's full report (NAME-RUN.json) and its trace
 * (NAME-RUN.trace.json) in DIR, to read what blocks and what costs the points (scripts/lighthouse-summary.ts).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import net from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../api/db/client";
import { heapLimitFlags } from "./heap-limit.mjs";
import { measureBilling, printBilling, type BillingRow } from "./bench-billing";
import { companyPlans, documentLines, documents, receivedDocuments } from "../api/db/schema";
import { DEMO_USERS } from "../sandbox/demo-data";
import { searchKey } from "../domain/normalize";
import { seedDemoData } from "../sandbox/seed";
import { startTestIssuer, TEST_CLIENT_ID } from "../tests/support/issuer";
import { sessionCookieFor } from "../tests/support/session";
import { fixtureUsers, type FixtureUserName } from "../tests/support/users";
import { CHROMIUM_PATH } from "./chromium-path.mjs";
import { measureVisit, printVisit, type VisitStep } from "./bench-visit";

type Page = {
  name: string;
  path: string;
  /** Signed in as this fixture user; a visitor otherwise. */
  as?: FixtureUserName;
  /** The status the page must answer with; 200 unless given. */
  expectedStatus?: number;
  /** Its loader calls the Payment API: the session carries an id token the API accepts. */
  callsApi?: boolean;
  /** A create or edit page: its JavaScript budget is FORM_JS_BUDGET_KIB rather than JS_BUDGET_KIB. */
  form?: boolean;
  /** Also measured with Lighthouse (mobile, performance): the score its median must reach, or null (scored, no budget). */
  lighthouse?: { minScore: number | null };
  /** Mounted only with ENABLE_DEV_ROUTES: not a company page, so its weight is shown but not held to a budget. */
  devOnly?: boolean;
};

/** Stands in a page's path for the id of the invoice the run creates. */
const INVOICE_ID = "{invoice}";

/** JavaScript (gzip, files and inline scripts) a company page may load, and a create or edit page (issue 14 item 4, issue 39 item 3). */
const JS_BUDGET_KIB = 100;
const FORM_JS_BUDGET_KIB = 110;
/** Lighthouse mobile budget (issue 39): the median score of each page's runs, and their median TBT on every page with a score budget. */
const LIGHTHOUSE_READING_PAGE = { minScore: 95 };
const LIGHTHOUSE_FORM_PAGE = { minScore: 90 };
const LIGHTHOUSE_MAX_TBT_MS = 150;
/** The page Lighthouse's scores are read beside: an empty page of this stack (no loader data, no SQL). */
const LIGHTHOUSE_CONTROL = "empty page (control)";

const PAGES: Page[] = [
  { name: "404 (visitor)", path: "/no-such-page", expectedStatus: 404 },
  { name: "TOP", path: "/top", as: "owner", callsApi: true, lighthouse: LIGHTHOUSE_READING_PAGE },
  { name: "FAQ", path: "/support/faq", as: "owner" },
  { name: "plain layout", path: "/dev/layouts/plain" },
  { name: "admin layout", path: "/dev/layouts/admin", as: "bankAdmin" },
  { name: "notice + validation form", path: "/dev/notice", as: "owner", devOnly: true },
  { name: "invoice list", path: "/invoices/list", as: "owner", callsApi: true, lighthouse: LIGHTHOUSE_READING_PAGE },
  { name: "invoice detail", path: `/invoices/detail/${INVOICE_ID}`, as: "owner", callsApi: true, lighthouse: LIGHTHOUSE_READING_PAGE },
  { name: "customer list", path: "/customers/list", as: "owner", callsApi: true },
  { name: "invoice create", path: "/invoices/create", as: "owner", callsApi: true, form: true, lighthouse: LIGHTHOUSE_FORM_PAGE },
  { name: "company create", path: "/companies/create", as: "owner", callsApi: true, form: true },
  { name: "reports", path: "/reports/list", as: "owner", callsApi: true, lighthouse: { minScore: null } },
  { name: "received invoices", path: "/receive/invoices", as: "owner", callsApi: true },
  // The monthly billing cycle (issue 19).
  { name: "closing invoices", path: "/billing/closing", as: "owner", callsApi: true },
  { name: "recurring invoices", path: "/billing/recurring", as: "owner", callsApi: true },
  { name: "payments (statements)", path: "/billing/payments", as: "owner", callsApi: true },
  { name: "reminders", path: "/billing/reminders", as: "owner", callsApi: true },
  // The other forms and settings pages a company uses, each held to its budget like the pages above.
  { name: "customer create", path: "/customers/create", as: "owner", callsApi: true, form: true },
  { name: "item list", path: "/items/list", as: "owner", callsApi: true },
  { name: "document settings", path: "/settings/documents", as: "owner", callsApi: true, form: true },
  { name: "office process rules", path: "/office-process-rule-templates", as: "owner", callsApi: true, form: true },
  { name: "recurring create", path: `/billing/recurring/create?from=${INVOICE_ID}`, as: "owner", callsApi: true, form: true },
  { name: "received invoice create", path: "/receive/invoices/create", as: "owner", callsApi: true, form: true },
  { name: "account settings", path: "/accounts/settings", as: "owner", callsApi: true, form: true },
  { name: LIGHTHOUSE_CONTROL, path: "/dev/layouts/empty", devOnly: true, lighthouse: { minScore: null } },
];

/** Payment API endpoints, called as the demo company's owner (seeded in both databases). */
const API_ENDPOINTS = [
  { name: "API /companies", path: "/payment-api/api/v1/companies" },
  { name: "API /user_service/me", path: "/payment-api/api/v1/user_service/me" },
];
const API_USER: FixtureUserName = "owner";

/** The document list budget: a company with LARGE_COMPANY_DOCUMENTS lists within 1.5× of one with SMALL_COMPANY_DOCUMENTS. */
const LARGE_COMPANY_DOCUMENTS = 10_000;
const SMALL_COMPANY_DOCUMENTS = 100;
const LIST_BUDGET_RATIO = 1.5;
const SMALL_COMPANY_USER: FixtureUserName = "shinkinOwner";
const DOCUMENT_LISTS = [
  { name: "list", path: "/payment-api/api/v1/documents?kind=invoice" },
  { name: "list, status filter", path: "/payment-api/api/v1/documents?kind=invoice&status=1" },
];

/**
 * Pages compared with an empty page of the same server (EMPTY_REMIX_PAGE), each
 * measured between two runs of it, and with the floor (scripts/bench-floor.ts:
 * node:http running the same SQL into a string template) on the same database.
 */
const FLOOR_PAGES = [
  { name: "invoice list", path: () => "/invoices/list" },
  { name: "invoice detail", path: (id: number) => `/invoices/detail/${id}` },
  { name: "TOP", path: () => "/top" },
];

/**
 * The share of the empty page's requests per second each of FLOOR_PAGES must reach (issue 39): what a page
 * does of its own may cost at most what the framework already costs an empty page.
 */
const EMPTY_PAGE_SHARE_BUDGET = 0.5;

/**
 * The invoice list page (signed in, through the loader and the Payment API) with
 * each filter and each sort, for the large and the small company: in one
 * database, and the small company again alone in a database of its own.
 * Each is measured for LIST_PAGE_SECONDS at most, as there are many of them.
 */
const LIST_PAGE_PATH = "/invoices/list";
const LIST_PAGES = [
  { name: "no filter", query: "" },
  { name: "q=number fragment", query: "q=LOAD-00004" },
  { name: "q=customer, 2 characters", query: "q=山田" },
  { name: "q=customer, 5 characters", query: "q=山田工務店" },
  { name: "q=subject, 2 characters", query: "q=監査" },
  { name: "status", query: "status=2" },
  { name: "issued range", query: "issued_from=2025-01-01&issued_to=2025-02-28" },
  { name: "amount range", query: "amount_min=1000&amount_max=300000" },
  { name: "sort number", query: "sort=number" },
  { name: "sort customer", query: "sort=customer" },
  { name: "sort amount", query: "sort=amount" },
  { name: "sort amount asc", query: "sort=amount&order=asc" },
  { name: "sort status", query: "sort=status" },
  { name: "sort updated", query: "sort=updated" },
];

/**
 * The received invoice list (電子帳簿保存法's three search keys, combined and
 * alone, and each sort) on the same terms. The small company is one whose bank
 * offers receiving; the narrow supplier is on as few documents in both.
 */
const RECEIVED_LIST_PAGE_PATH = "/receive/invoices";
const RECEIVED_LIST_PAGES = [
  { name: "no filter", query: "" },
  { name: "date range", query: "date_from=2025-03-01&date_to=2025-03-31" },
  { name: "amount range", query: "amount_min=1000&amount_max=30000" },
  { name: "supplier, 2 characters", query: "supplier=山田" },
  { name: "supplier, 5 characters", query: "supplier=山田工務店" },
  { name: "date, amount and supplier", query: "date_from=2025-01-01&date_to=2025-12-31&amount_min=1000&supplier=山田工務店" },
  { name: "q=document number", query: "q=RCV-000042" },
  { name: "match result", query: "match_result=2" },
  { name: "filter with_account", query: "filter=with_account" },
  { name: "sort amount", query: "sort=amount" },
  { name: "sort supplier", query: "sort=supplier" },
  { name: "sort updated", query: "sort=updated" },
];
const RECEIVE_SMALL_COMPANY_USER: FixtureUserName = "miraiOwner";

/**
 * The reports (issue 18, ADR 028) on the same data: a year of the large
 * company's 10,000 invoices against the small company's 100, every unpaid one
 * aged, and the received invoices of the year; each within the 1.5× budget.
 */
const REPORT_PAGE_PATH = "/reports/list";
const REPORT_PAGES = [
  { name: "sales, a business year", query: "report=sales&period=custom&from=2025-01-01&to=2025-12-31" },
  { name: "receivables, all unpaid", query: "report=receivables&period=all" },
  { name: "receivables, second page", query: "report=receivables&period=all&page=2" },
  { name: "estimates, a business year", query: "report=estimates&period=custom&from=2025-01-01&to=2025-12-31" },
];
const RECEIVED_REPORT_PAGES = [{ name: "received, a business year", query: "report=received&period=custom&from=2025-01-01&to=2025-12-31" }];

/**
 * The admin area's companies list (issue 17): a bank admin whose bank has
 * 10,000 companies against a branch admin whose branch has 100, by each
 * filter and sort. The narrow name is on as few companies in both.
 */
const ADMIN_LIST_PAGE_PATH = "/admin/companies/list";
const ADMIN_LIST_PAGES = [
  { name: "no filter", query: "" },
  { name: "q=name, 2 characters", query: "q=山田" },
  { name: "q=name, 5 characters", query: "q=山田工務店" },
  // Both scopes' codes start so (the small one's are C-LOAD-0000S…): each page shows as many rows.
  { name: "q=code prefix", query: "q=C-LOAD-0000" },
  { name: "status", query: "status=withdrawn" },
  { name: "plan", query: "plan_id=3" },
  { name: "joined range", query: "joined_from=2025-03-01&joined_to=2025-03-31" },
  { name: "sort name", query: "sort=name" },
  { name: "sort code", query: "sort=code" },
];
const ADMIN_LARGE_USER: FixtureUserName = "bankAdmin";
const ADMIN_SMALL_USER: FixtureUserName = "branchAdmin";

/** The two lists held to the 1.5× budget on the page: each names its rows "<prefix> <filter>, <documents> (<database>)". */
const LIST_SPECS = [
  { prefix: "list page", noun: "invoices", path: LIST_PAGE_PATH, pages: LIST_PAGES, smallUser: SMALL_COMPANY_USER, smallToken: (run: Run) => run.smallCompanyToken },
  { prefix: "received list page", noun: "received invoices", path: RECEIVED_LIST_PAGE_PATH, pages: RECEIVED_LIST_PAGES, smallUser: RECEIVE_SMALL_COMPANY_USER, smallToken: (run: Run) => run.receiveSmallCompanyToken },
  { prefix: "report page", noun: "invoices", path: REPORT_PAGE_PATH, pages: REPORT_PAGES, smallUser: SMALL_COMPANY_USER, smallToken: (run: Run) => run.smallCompanyToken },
  { prefix: "received report page", noun: "received invoices", path: REPORT_PAGE_PATH, pages: RECEIVED_REPORT_PAGES, smallUser: RECEIVE_SMALL_COMPANY_USER, smallToken: (run: Run) => run.receiveSmallCompanyToken },
  {
    prefix: "admin companies list page",
    noun: "companies",
    path: ADMIN_LIST_PAGE_PATH,
    pages: ADMIN_LIST_PAGES,
    largeUser: ADMIN_LARGE_USER,
    largeToken: (run: Run) => run.adminToken,
    smallUser: ADMIN_SMALL_USER,
    smallToken: (run: Run) => run.branchAdminToken,
  },
] as const;
type ListSpec = (typeof LIST_SPECS)[number];

const LIST_PAGE_SECONDS = 2;
/** Fewer connections than the other targets: a page queued behind nine others measures the queue. */
const LIST_PAGE_CONNECTIONS = 4;

/** Lines on each of the large company's invoices: 100,000 lines to export. */
const LINES_PER_LARGE_INVOICE = 10;
const EXPORTS = [
  { name: "documents", path: "/payment-api/api/v1/documents/export?kind=invoice&content=documents&encoding=UTF8" },
  // A tenth of the lines first: a streamed export grows the server by as much for all of them.
  { name: "lines, one month", path: "/payment-api/api/v1/documents/export?kind=invoice&content=lines&encoding=UTF8&issued_from=2025-01-01&issued_to=2025-01-31" },
  { name: "lines", path: "/payment-api/api/v1/documents/export?kind=invoice&content=lines&encoding=UTF8" },
  { name: "lines, UTF-8 without BOM", path: "/payment-api/api/v1/documents/export?kind=invoice&content=lines&encoding=UTF8N" },
  { name: "lines, Shift_JIS", path: "/payment-api/api/v1/documents/export?kind=invoice&content=lines&encoding=SJIS" },
];
/** The budgets of the 100,000-line exports, in every encoding: rows per second, and growth of the server's memory. */
const EXPORT_ROWS_PER_SECOND = 50_000;
const EXPORT_RSS_GROWTH_BYTES = 64 * 1024 * 1024;
const RSS_SAMPLE_MS = 10;

const BARE_PATH = "/dev/bare";
const SESSION_SECRET = "bench-session-secret";
const HOST = "127.0.0.1";
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const HEALTH_TIMEOUT_MS = 30_000;
const HEALTH_POLL_MS = 200;
// The server drains connections for up to SHUTDOWN_TIMEOUT_MS (10 s by default) before exiting.
const STOP_TIMEOUT_MS = 15_000;
const DEFAULT_BENCH_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test";
const PG_CONNECT_TIMEOUT_MS = 5_000;
const LOOPBACK_HOSTNAMES = new Set([HOST, "localhost", "[::1]"]);

// Minimal shape of autocannon's programmatic API (there is no @types/autocannon).
// createRequire because a typed `import` of an untyped package fails under strict.
type AutocannonOptions = { url: string; connections: number; duration?: number; amount?: number; headers: Record<string, string> };
type AutocannonResult = {
  requests: { mean: number; total: number };
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
};
type AutocannonRun = PromiseLike<AutocannonResult> & {
  on(
    event: "response",
    listener: (client: unknown, statusCode: number, resBytes: number, responseTimeMs: number) => void,
  ): unknown;
};
const autocannon = createRequire(import.meta.url)("autocannon") as (options: AutocannonOptions) => AutocannonRun;

/** Variables set for a server; undefined removes one inherited from this process. */
type ServerEnv = Record<string, string | undefined>;

const ONLY_PARTS = ["weight", "floor", "memory", "exports", "lighthouse", "lists", "billing", "visit"] as const;
/** Parts measured in this process on databases of their own: they need neither the build nor a server. */
const IN_PROCESS_PARTS: ReadonlySet<OnlyPart> = new Set(["billing"]);

/** A part of the run that --only can run alone: each is one or two budgets, to work on them. */
type OnlyPart = (typeof ONLY_PARTS)[number];

type Options = {
  build: boolean;
  duration: number;
  connections: number;
  json: boolean;
  only: ReadonlySet<OnlyPart> | null;
  profile: string | null;
  /** Lighthouse runs of each page: its score and TBT are read as the median. */
  lighthouseRuns: number;
  floorRounds: number;
  /** Where each Lighthouse run's report and trace are kept, or null. */
  lighthouseReports: string | null;
};

/** `inlineGzipBytes`: the page's inline scripts (the hydration data and the inlined route manifest), gzip, as the browser receives them too (issue 39). */
type Assets = { jsGzipBytes: number; inlineGzipBytes: number; cssGzipBytes: number; files: number };

type Throughput = { requestsPerSecond: number; p95Ms: number; requests: number };

/** A throughput run on one of our servers, with the CPU time that server's process spent per request. */
type Load = Throughput & { cpuMsPerRequest: number | null };

type Row = { name: string; path: string; assets: Assets | null; throughput: Throughput; ratioToBare: number };

type PdfRow = { name: string; medianMs: number; bytes: number };

type MemoryRow = { name: string; idleRss: number; afterRss: number };

type FloorRow = {
  name: string;
  /** Which of --floor-rounds this is (1…); the floor and the hydration data are measured in the first only. */
  round: number;
  pageRequestsPerSecond: number;
  floorRequestsPerSecond: number | null;
  hydrationGzipBytes: number;
  /**
   * The same server's page with no loader data and no SQL (EMPTY_REMIX_PAGE), the most a page of this stack reaches:
   * measured right before and right after the page, so both see about the same load on the machine.
   */
  emptyPageRequestsPerSecond: [before: number, after: number];
  /** The server process's CPU time per request (null without /proc); PostgreSQL's own processes are not in it. */
  pageCpuMsPerRequest: number | null;
  emptyPageCpuMsPerRequest: [before: number | null, after: number | null];
};

type ExportRow = { name: string; rows: number; bytes: number; seconds: number; baselineRss: number; peakRss: number };

/** What every server of a run shares: the options, the API tokens and the issuer settings; export results are collected into it. */
/** What a run collects besides the load table. */
type Collected = { exports: ExportRow[]; pdfs: PdfRow[]; floors: FloorRow[]; memory: MemoryRow[]; lighthouse: LighthouseRow[]; billing: BillingRow[]; visit: VisitStep[] };

type Run = Collected & {
  options: Options;
  token: string;
  smallCompanyToken: string;
  receiveSmallCompanyToken: string;
  adminToken: string;
  branchAdminToken: string;
  serverEnv: ServerEnv;
};

type PostgresServer = { serverUrl: URL; requested: boolean };

/** `load`: the machine's 1-minute load average as the run started (other work on a shared machine moves the figures). */
type LighthouseRow = { name: string; path: string; minScore: number | null; score: number; tbtMs: number; interactiveMs: number; load: number };

/** What is put under load: a page (with its measured assets) or an API endpoint (assets null). */
type Target = { name: string; path: string; headers: Record<string, string>; expectedStatus: number; assets: Assets | null };

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      "no-build": { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      duration: { type: "string", default: "5" },
      connections: { type: "string", default: "10" },
      only: { type: "string" },
      profile: { type: "string" },
      "lighthouse-runs": { type: "string", default: "1" },
      "floor-rounds": { type: "string", default: "3" },
      "lighthouse-reports": { type: "string" },
    },
  });
  const only = values.only?.split(",") ?? null;
  const unknown = only?.find((part) => !(ONLY_PARTS as readonly string[]).includes(part));
  if (unknown !== undefined) throw new Error(`--only takes ${ONLY_PARTS.join(", ")} (several with commas), got "${unknown}"`);
  return {
    only: only && new Set(only as OnlyPart[]),
    profile: values.profile === undefined ? null : path.resolve(values.profile),
    build: !values["no-build"],
    json: values.json,
    // Upper bounds keep a typo from turning into an hour-long run.
    duration: positiveInteger("--duration", values.duration, 300),
    connections: positiveInteger("--connections", values.connections, 1000),
    lighthouseRuns: positiveInteger("--lighthouse-runs", values["lighthouse-runs"], 9),
    floorRounds: positiveInteger("--floor-rounds", values["floor-rounds"], 9),
    lighthouseReports: values["lighthouse-reports"] === undefined ? null : path.resolve(values["lighthouse-reports"]),
  };
}

function positiveInteger(flag: string, text: string, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(`${flag} must be an integer from 1 to ${max}, got "${text}"`);
  }
  return value;
}

async function runBuild(): Promise<void> {
  const child = spawn("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) throw new Error(`npm run build failed (exit code ${code})`);
}

/** A port that was free a moment ago: listen on port 0, read it, close. */
async function findFreePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, HOST);
  await once(server, "listening");
  const address = server.address();
  server.close();
  await once(server, "close");
  if (typeof address !== "object" || !address) throw new Error("could not find a free port");
  return address.port;
}

/** --profile=DIR: each server started writes its CPU profile there when it stops (for Chrome DevTools or speedscope). */
let profileDirectory: string | null = null;

function startServer(port: number, env: ServerEnv): ChildProcess {
  // With the heap limit `npm start` and the container give it, so memory is measured as deployed.
  return spawn(process.execPath, [...heapLimitFlags(), ...(profileDirectory ? ["--cpu-prof", `--cpu-prof-dir=${profileDirectory}`] : []), "dist/server.js"], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      // An external Payment API in the caller's environment would leave /payment-api unmounted.
      PAYMENT_API_BASE_URL: undefined,
      PORT: String(port),
      HOST,
      // The address the benchmark uses: pages at another host name are redirected to PUBLIC_URL.
      PUBLIC_URL: `http://${HOST}:${port}`,
      NODE_ENV: "production",
      ENABLE_DEV_ROUTES: "true",
      SESSION_SECRET,
      LOG_LEVEL: "warn",
      COOKIE_SECURE: "false",
      ...env,
    },
  });
}

/** Runs `measure` against a server started with `env`, which is stopped again whatever happens. */
async function withServer<T>(env: ServerEnv, measure: (origin: string, server: ChildProcess) => Promise<T>): Promise<T> {
  const port = await findFreePort();
  const origin = `http://${HOST}:${port}`;
  const server = startServer(port, env);
  try {
    await waitUntilHealthy(server, origin);
    return await measure(origin, server);
  } finally {
    await stopServer(server);
  }
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function waitUntilHealthy(child: ChildProcess, origin: string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (hasExited(child)) throw new Error(`the server exited before answering /healthz (exit code ${child.exitCode})`);
    try {
      const response = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(HEALTH_POLL_MS * 5) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(HEALTH_POLL_MS);
  }
  throw new Error(`the server did not answer GET /healthz with 200 within ${HEALTH_TIMEOUT_MS / 1000} s`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (hasExited(child)) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Only the server started here may be measured, never another host. */
function loopbackUrl(spec: string, base: string): URL {
  const url = new URL(spec, base);
  if (url.hostname !== HOST) throw new Error(`refusing to fetch a non-loopback URL: ${url.href}`);
  return url;
}

/** A signed-in page's session cookie; pages that call the Payment API need an id token it accepts. */
async function cookieHeaderFor(page: Page, idToken?: string): Promise<Record<string, string>> {
  if (!page.as) return {};
  const { name, value } = await sessionCookieFor(fixtureUsers[page.as], idToken ? { idToken } : {});
  return { Cookie: `${name}=${value}` };
}

/**
 * The JavaScript and CSS a page loads: script src, modulepreload and
 * stylesheet links, and the imports of Remix's inline module script. The
 * inline script also holds the route manifest, whose module URLs include
 * routes the page does not load, so a plain "/build/*.js" match overcounts.
 */
function assetUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const [, src] of html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)) urls.add(src!);
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = /\srel="([^"]+)"/.exec(tag)?.[1];
    const href = /\shref="([^"]+)"/.exec(tag)?.[1];
    if (href && (rel === "modulepreload" || rel === "stylesheet")) urls.add(href);
  }
  for (const [, body] of html.matchAll(/<script\b[^>]*\stype="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    // import "x"; import * as a from "x"; import("x")
    for (const [, specifier] of body!.matchAll(/\bimport\s*(?:[\w*{}\s,$]+\sfrom\s*)?\(?\s*"([^"]+)"/g)) {
      urls.add(specifier!);
    }
  }
  return [...urls];
}

async function measureAssets(page: Page, origin: string, headers: Record<string, string>): Promise<Assets> {
  const expectedStatus = page.expectedStatus ?? 200;
  const response = await fetch(loopbackUrl(page.path, origin), { headers, redirect: "manual" });
  if (response.status !== expectedStatus) {
    throw new Error(`${page.name} (${page.path}) answered ${response.status}, expected ${expectedStatus}`);
  }
  const html = await response.text();
  const inline = [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(([, body]) => body).join("");
  const assets: Assets = { jsGzipBytes: 0, inlineGzipBytes: gzipSync(Buffer.from(inline), { level: 9 }).length, cssGzipBytes: 0, files: 0 };
  for (const spec of assetUrls(html)) {
    const url = loopbackUrl(spec, origin);
    const isJs = url.pathname.endsWith(".js");
    if (!isJs && !url.pathname.endsWith(".css")) throw new Error(`${page.name}: unexpected asset type ${spec}`);
    const asset = await fetch(url);
    if (asset.status !== 200) throw new Error(`${page.name}: ${spec} answered ${asset.status}`);
    // Our own gzip, so the sizes do not depend on the server's compression settings.
    const gzipBytes = gzipSync(Buffer.from(await asset.arrayBuffer()), { level: 9 }).length;
    if (isJs) assets.jsGzipBytes += gzipBytes;
    else assets.cssGzipBytes += gzipBytes;
    assets.files += 1;
  }
  return assets;
}

/** Exact p95 of the recorded samples (autocannon reports p90 and p97.5, not p95). */
function percentile95(samples: number[]): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.95) - 1]!;
}

async function measureThroughput(
  label: string,
  url: URL,
  headers: Record<string, string>,
  expectedStatus: number,
  options: Options,
): Promise<Throughput> {
  const latencies: number[] = [];
  const run = autocannon({ url: url.href, connections: options.connections, duration: options.duration, headers });
  run.on("response", (_client, _statusCode, _resBytes, responseTimeMs) => latencies.push(responseTimeMs));
  const result = await run;
  const unexpected = Object.entries(result.statusCodeStats)
    .filter(([status]) => Number(status) !== expectedStatus)
    .map(([status, { count }]) => `${count} × ${status}`);
  if (unexpected.length > 0) throw new Error(`${label}: unexpected responses under load: ${unexpected.join(", ")}`);
  if (result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${label}: ${result.errors} errors and ${result.timeouts} timeouts under load`);
  }
  return { requestsPerSecond: result.requests.mean, p95Ms: percentile95(latencies), requests: result.requests.total };
}

/** Clock ticks per second, the unit of /proc's CPU times; Linux's USER_HZ is 100 on every common architecture. */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user and system) a process has used so far, in ms, from /proc (Linux); null elsewhere. */
async function cpuMsOf(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
  if (!stat) return null;
  // After the command name, which may hold spaces and brackets: state is field 3, utime field 14, stime field 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/**
 * Throughput, and the CPU time the server process spent per request meanwhile: far less moved by the
 * other processes of a busy machine than requests per second, which count the time waited for a core too.
 */
async function measureLoad(label: string, url: URL, headers: Record<string, string>, server: ChildProcess, options: Options): Promise<Load> {
  const before = await cpuMsOf(server.pid);
  const throughput = await measureThroughput(label, url, headers, 200, options);
  const after = await cpuMsOf(server.pid);
  const cpuMsPerRequest = before === null || after === null || throughput.requests === 0 ? null : (after - before) / throughput.requests;
  return { ...throughput, cpuMsPerRequest };
}

/** The pages of the table, the invoice's id put in; pages that call the API signed in with the run's token. */
async function pageTargets(origin: string, run: Run, invoiceId: number): Promise<Target[]> {
  const targets: Target[] = [];
  for (const listed of PAGES) {
    const page = { ...listed, path: listed.path.replace(INVOICE_ID, String(invoiceId)) };
    const headers = await cookieHeaderFor(page, page.callsApi ? run.token : undefined);
    const assets = await measureAssets(page, origin, headers);
    targets.push({ name: page.name, path: page.path, headers, expectedStatus: page.expectedStatus ?? 200, assets });
  }
  return targets;
}

function apiTargets(run: Run, database: string): Target[] {
  const headers = { Authorization: `Bearer ${run.token}` };
  const documentLists = DOCUMENT_LISTS.flatMap(({ name, path }) => [
    { name: `API documents ${name}, ${SMALL_COMPANY_DOCUMENTS} (${database})`, path, headers: { Authorization: `Bearer ${run.smallCompanyToken}` }, expectedStatus: 200, assets: null },
    { name: `API documents ${name}, ${LARGE_COMPANY_DOCUMENTS.toLocaleString("en")} (${database})`, path, headers, expectedStatus: 200, assets: null },
  ]);
  return [...API_ENDPOINTS.map(({ name, path }) => ({ name: `${name} (${database})`, path, headers, expectedStatus: 200, assets: null })), ...documentLists];
}

/**
 * The first invoices of every seeded company carry a customer and a subject
 * no other invoice has, so a narrow search finds as many in the large company
 * as in the small one and the budget compares the cost of finding them.
 */
const NARROW_CUSTOMER = { name: "山田工務店", indexes: [7, 8, 9] };
const NARROW_SUBJECT = { subject: "年次監査対応", indexes: [20, 21, 22] };

function customerNameOf(index: number): string {
  return NARROW_CUSTOMER.indexes.includes(index) ? NARROW_CUSTOMER.name : `取引先${index % 300}`;
}

function subjectOf(index: number, month: string): string {
  return NARROW_SUBJECT.indexes.includes(index) ? NARROW_SUBJECT.subject : `${Number(month)}月分 保守作業`;
}

/** Invoices straight into the table, in batches: the list's cost, not the create path's, is what is measured. */
async function insertInvoices(db: DatabaseHandle["db"], companyUniqueCode: string, count: number, linesPerInvoice = 0): Promise<void> {
  const statuses = [1, 2, 3, 4];
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, offset) => {
      const index = start + offset;
      const day = String((index % 28) + 1).padStart(2, "0");
      const month = String((Math.floor(index / 28) % 12) + 1).padStart(2, "0");
      const amount = String(1000 + ((index * 7919) % 500_000));
      return {
        companyUniqueCode,
        kind: "invoice" as const,
        number: `LOAD-${String(index + 1).padStart(6, "0")}`,
        status: statuses[index % statuses.length]!,
        issueDate: `2025-${month}-${day}`,
        customerName: customerNameOf(index),
        customerHonorific: "御中" as const,
        customerSearchKey: customerNameOf(index),
        subject: subjectOf(index, month),
        taxTypeId: 1,
        itemRoundingId: 1,
        itemRoundingScale: 0,
        subtotalRoundingId: 1,
        taxRoundingId: 2,
        taxWithholdingId: 1,
        taxExcluded: amount,
        tax: "0",
        taxIncluded: amount,
        withholdingAmount: "0",
        amountDue: amount,
        createdBy: "bench",
      };
    });
    const inserted = await db.insert(documents).values(rows).returning({ id: documents.id, amount: documents.taxExcluded });
    const lines = inserted.flatMap(({ id, amount }) =>
      Array.from({ length: linesPerInvoice }, (_, position) => ({
        documentId: id,
        position: position + 1,
        description: `作業項目${position + 1}（㈱髙島屋向け）`,
        quantity: "1",
        unitPrice: amount,
        taxCategory: "standard" as const,
        taxRate: 10,
        amount,
      })),
    );
    for (let at = 0; at < lines.length; at += 1000) await db.insert(documentLines).values(lines.slice(at, at + 1000));
  }
}

/** Received invoices straight into the table, as insertInvoices does: a fifth with each match result and none, every seventh with a payee account. */
async function insertReceived(db: DatabaseHandle["db"], companyUniqueCode: string, count: number): Promise<void> {
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, offset) => {
      const index = start + offset;
      const day = String((index % 28) + 1).padStart(2, "0");
      const month = String((Math.floor(index / 28) % 12) + 1).padStart(2, "0");
      const supplier = customerNameOf(index);
      const matchResult = [1, 2, 3, 4, null][index % 5]!;
      return {
        companyUniqueCode,
        kind: "invoice" as const,
        transactionDate: `2025-${month}-${day}`,
        amount: 1000 + ((index * 7919) % 500_000),
        supplierName: supplier,
        supplierSearchKey: searchKey(supplier),
        registrationNumber: matchResult === null ? null : "T4010001100001",
        documentNumber: `RCV-${String(index + 1).padStart(6, "0")}`,
        payeeAccountNumber: index % 7 === 0 ? "1234567" : null,
        matchResult,
        createdBy: "bench",
        updatedBy: "bench",
      };
    });
    await db.insert(receivedDocuments).values(rows);
  }
}

/** Companies of the bank's list straight into company_plans: a quarter withdrawn, plans 1–4 in turn, a join a day back from 2025-12-31. */
async function insertAdminCompanies(db: DatabaseHandle["db"], branchCode: string, count: number, prefix: string): Promise<void> {
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, offset) => {
      const index = start + offset;
      const joined = new Date(Date.UTC(2025, 11, 31) - index * 86_400_000).toISOString().slice(0, 10);
      const name = `${customerNameOf(index)}${index}`;
      const withdrawn = index % 4 === 3;
      return {
        companyUniqueCode: `${prefix}${String(index).padStart(6, "0")}`,
        bankCode: "0001",
        branchCode,
        companyName: name,
        nameSearchKey: searchKey(name),
        planId: (index % 4) + 1,
        joinDate: joined,
        startDate: joined,
        isContract: true,
        isSubscribeCancellation: withdrawn,
        withdrawalDate: withdrawn ? "2025-12-31" : null,
      };
    });
    await db.insert(companyPlans).values(rows);
  }
}

/** The demo data plus the two companies' invoices and received invoices, and the two scopes' companies, the list budgets compare. */
async function seedForBench(db: DatabaseHandle["db"]): Promise<void> {
  await seedDemoData(db, path.join(ROOT, "sandbox/assets"));
  await insertInvoices(db, fixtureUsers[API_USER].companyUniqueCode!, LARGE_COMPANY_DOCUMENTS, LINES_PER_LARGE_INVOICE);
  await insertInvoices(db, fixtureUsers[SMALL_COMPANY_USER].companyUniqueCode!, SMALL_COMPANY_DOCUMENTS);
  await insertReceived(db, fixtureUsers[API_USER].companyUniqueCode!, LARGE_COMPANY_DOCUMENTS);
  await insertReceived(db, fixtureUsers[RECEIVE_SMALL_COMPANY_USER].companyUniqueCode!, SMALL_COMPANY_DOCUMENTS);
  await insertAdminCompanies(db, "002", LARGE_COMPANY_DOCUMENTS, "C-LOAD-");
  await insertAdminCompanies(db, "001", SMALL_COMPANY_DOCUMENTS, "C-LOAD-0000S");
}

const PDF_LINES = 30;
const PDF_WARM_RUNS = 3;
const PDF_TIMED_RUNS = 15;

/** A 30-line invoice at both rates, made through the API as the owner. */
async function createPdfInvoice(origin: string, run: Run): Promise<number> {
  const lines = Array.from({ length: PDF_LINES }, (_, index) => ({
    description: `保守作業 第${index + 1}項（㈱髙島屋 様式）`,
    quantity: String((index % 5) + 1),
    unit: "式",
    unit_price: String(1200 + index * 350),
    tax_rate: index % 4 === 0 ? "8" : "10",
  }));
  const response = await fetch(loopbackUrl("/payment-api/api/v1/documents", origin), {
    method: "POST",
    headers: { Authorization: `Bearer ${run.token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ kind: "invoice", issue_date: "2026-11-22", customer_name: "株式会社ベンチ商事", subject: "PDFの計測", lines }),
  });
  if (response.status !== 201) throw new Error(`creating the PDF invoice answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return ((await response.json()) as { id: number }).id;
}

/** The PDF of that invoice, one request at a time after warm-up runs: the median and the file size. */
async function measurePdf(origin: string, run: Run, id: number): Promise<void> {
  const url = loopbackUrl(`/payment-api/api/v1/documents/${id}/pdf`, origin);
  const timings: number[] = [];
  let bytes = 0;
  for (let attempt = 0; attempt < PDF_WARM_RUNS + PDF_TIMED_RUNS; attempt += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { Authorization: `Bearer ${run.token}` } });
    if (response.status !== 200) throw new Error(`PDF answered ${response.status}`);
    bytes = (await response.arrayBuffer()).byteLength;
    if (attempt >= PDF_WARM_RUNS) timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  run.pdfs.push({ name: `PDF of a ${PDF_LINES}-line invoice`, medianMs: timings[Math.floor(timings.length / 2)]!, bytes });
}

/** The print page of that invoice as a load target, signed in with a token the API accepts. */
async function printPageTarget(origin: string, run: Run, id: number): Promise<Target> {
  const page: Page = { name: `print page (snapshot, ${PDF_LINES} lines)`, path: `/invoices/snapshot/${id}`, as: API_USER };
  const headers = await cookieHeaderFor(page, run.token);
  return { name: page.name, path: page.path, headers, expectedStatus: 200, assets: await measureAssets(page, origin, headers) };
}

/**
 * Lighthouse's mobile performance run (its default form factor and throttling)
 * on the pages marked for it, in Debian's Chromium, signed in through the
 * same cookie as the load test. Figures move by several points between runs on
 * a shared machine: --lighthouse-runs rounds, each over every page in turn, so
 * a busy moment falls on all the pages rather than all the runs of one.
 */
async function measureLighthouse(origin: string, targets: Target[], run: Run): Promise<void> {
  for (let round = 0; round < run.options.lighthouseRuns; round += 1) {
    for (const page of PAGES.filter((listed) => listed.lighthouse)) {
      const target = targets.find((candidate) => candidate.name === page.name)!;
      const url = loopbackUrl(target.path, origin).href;
      const load = loadavg()[0]!;
      const { lhr, trace } = await lighthouseReport(url, target.headers);
      const reports = run.options.lighthouseReports;
      if (reports) {
        const file = path.join(reports, `${page.name.replace(/[^a-z0-9]+/gi, "-")}-${round + 1}`);
        mkdirSync(reports, { recursive: true });
        await writeFile(`${file}.json`, JSON.stringify(lhr));
        await writeFile(`${file}.trace.json`, JSON.stringify(trace));
      }
      run.lighthouse.push({
        name: page.name,
        path: target.path,
        minScore: page.lighthouse!.minScore,
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
        interactiveMs: lhr.audits["interactive"]?.numericValue ?? Number.NaN,
        load,
      });
    }
  }
}

/** Lighthouse's report for one page, in a browser of its own; asked once more when the trace failed (NO_NAVSTART and the like happen on a busy machine). */
async function lighthouseReport(url: string, headers: Record<string, string>, attempts = 2) {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  for (let attempt = 1; ; attempt += 1) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"], extraHeaders: headers });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) {
        if (attempt < attempts) continue;
        throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
      }
      if (lhr.finalDisplayedUrl !== url) throw new Error(`Lighthouse on ${url} ended at ${lhr.finalDisplayedUrl} (not signed in?)`);
      return { lhr, trace: result.artifacts.Trace };
    } finally {
      chrome.kill();
    }
  }
}

/** The server's resident memory now, from /proc (Linux); null elsewhere. */
async function residentBytes(pid: number): Promise<number | null> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => null);
  const kib = status && /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  return kib ? Number(kib) * 1024 : null;
}

/** Each export of the large company, read to its end while the server's memory is sampled. */
async function measureExports(origin: string, server: ChildProcess, run: Run, database: string): Promise<void> {
  for (const target of EXPORTS) {
    const baselineRss = (await residentBytes(server.pid!)) ?? 0;
    let peakRss = baselineRss;
    const sampler = setInterval(() => {
      void residentBytes(server.pid!).then((rss) => {
        if (rss !== null && rss > peakRss) peakRss = rss;
      });
    }, RSS_SAMPLE_MS);
    const started = performance.now();
    try {
      const response = await fetch(loopbackUrl(target.path, origin), { headers: { Authorization: `Bearer ${run.token}` } });
      if (response.status !== 200 || !response.body) throw new Error(`export ${target.name} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
      let bytes = 0;
      let newlines = 0;
      const reader = response.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        bytes += read.value.byteLength;
        for (const byte of read.value) if (byte === 0x0a) newlines += 1;
      }
      // One header line per file.
      run.exports.push({ name: `export ${target.name} (${database})`, rows: newlines - 1, bytes, seconds: (performance.now() - started) / 1000, baselineRss, peakRss });
    } finally {
      clearInterval(sampler);
    }
  }
}

function printExports(rows: ExportRow[]): void {
  const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  for (const row of rows) {
    const rate = row.rows / row.seconds;
    const growth = row.peakRss - row.baselineRss;
    const budget = row.rows >= 100_000 ? ` (budget ${EXPORT_ROWS_PER_SECOND.toLocaleString("en")} rows/s and +${mib(EXPORT_RSS_GROWTH_BYTES)} MiB: ${rate >= EXPORT_ROWS_PER_SECOND && growth <= EXPORT_RSS_GROWTH_BYTES ? "within" : "OVER"})` : "";
    console.log(
      `${row.name}: ${row.rows.toLocaleString("en")} rows, ${mib(row.bytes)} MiB in ${row.seconds.toFixed(1)} s, ${Math.round(rate).toLocaleString("en")} rows/s; server memory ${mib(row.baselineRss)} → peak ${mib(row.peakRss)} MiB (+${mib(growth)})${budget}`,
    );
  }
}

type ListPageServers = { origin: string; smallAloneOrigin: string; bareRequestsPerSecond: number };

function listPagePath(base: string, query: string): string {
  const params = new URLSearchParams(query);
  return params.size > 0 ? `${base}?${params}` : base;
}

const listPageName = (spec: ListSpec, name: string, documents: string, database: string) => `${spec.prefix} ${name}, ${documents} (${database})`;

/**
 * Every list page of LIST_PAGES as the small company alone, the large company
 * and the small company beside it, measured one after the other so that the
 * three of a filter share the machine's state (it is shared and noisy).
 */
async function loadListPages(servers: ListPageServers, run: Run, database: string): Promise<Row[]> {
  const options = { ...run.options, duration: Math.min(run.options.duration, LIST_PAGE_SECONDS), connections: Math.min(run.options.connections, LIST_PAGE_CONNECTIONS) };
  const targets = [];
  for (const spec of LIST_SPECS) {
    const large = "largeUser" in spec ? await cookieHeaderFor({ name: "list", path: spec.path, as: spec.largeUser }, spec.largeToken(run)) : await cookieHeaderFor({ name: "list", path: spec.path, as: API_USER }, run.token);
    const small = await cookieHeaderFor({ name: "list", path: spec.path, as: spec.smallUser }, spec.smallToken(run));
    for (const { name, query } of spec.pages) {
      const path = listPagePath(spec.path, query);
      targets.push(
        { origin: servers.smallAloneOrigin, target: { name: listPageName(spec, name, `${SMALL_COMPANY_DOCUMENTS} alone`, database), path, headers: small, expectedStatus: 200, assets: null } },
        { origin: servers.origin, target: { name: listPageName(spec, name, LARGE_COMPANY_DOCUMENTS.toLocaleString("en"), database), path, headers: large, expectedStatus: 200, assets: null } },
        { origin: servers.origin, target: { name: listPageName(spec, name, String(SMALL_COMPANY_DOCUMENTS), database), path, headers: small, expectedStatus: 200, assets: null } },
      );
    }
  }
  const rows: Row[] = [];
  for (const { origin, target } of targets) {
    await checkStatuses(origin, [target]);
    const throughput = await measureThroughput(target.name, loopbackUrl(target.path, origin), target.headers, 200, options);
    rows.push({ ...target, throughput, ratioToBare: throughput.requestsPerSecond / servers.bareRequestsPerSecond });
  }
  return rows;
}

/** The small companies' documents and the demo data only: what their own deployment would hold. */
async function seedSmallCompanyAlone(db: DatabaseHandle["db"]): Promise<void> {
  await seedDemoData(db, path.join(ROOT, "sandbox/assets"));
  await insertInvoices(db, fixtureUsers[SMALL_COMPANY_USER].companyUniqueCode!, SMALL_COMPANY_DOCUMENTS);
  await insertReceived(db, fixtureUsers[RECEIVE_SMALL_COMPANY_USER].companyUniqueCode!, SMALL_COMPANY_DOCUMENTS);
  await insertAdminCompanies(db, "001", SMALL_COMPANY_DOCUMENTS, "C-LOAD-0000S");
}

/** A second PGlite server whose data directory holds the small company alone, for `measure`. */
async function withSmallCompanyAlonePglite<T>(run: Run, measure: (origin: string) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "chohyo-bench-small-"));
  try {
    await migrateAndSeedDatabase({ dataDir }, seedSmallCompanyAlone);
    return await withServer({ ...run.serverEnv, DATA_DIR: dataDir, DATABASE_URL: undefined }, (origin) => measure(origin));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A second server on a second PostgreSQL database that holds the small company alone, dropped afterwards. */
async function withSmallCompanyAlonePostgres<T>(serverUrl: URL, run: Run, measure: (origin: string) => Promise<T>): Promise<T> {
  const client = adminClient(serverUrl);
  await client.connect();
  return withNewDatabase(client, serverUrl, "chohyo_bench_small", async (databaseUrl) => {
    await migrateAndSeed(databaseUrl, seedSmallCompanyAlone);
    return withServer({ ...run.serverEnv, DATABASE_URL: databaseUrl.href }, (origin) => measure(origin));
  });
}

/** Each list page of the large company against the small one's, beside it and alone, with the budget. */
function printListPageBudget(rows: Row[]): void {
  for (const spec of LIST_SPECS) printListPageBudgetOf(spec, rows);
}

function printListPageBudgetOf(spec: ListSpec, rows: Row[]): void {
  const pattern = new RegExp(`^${spec.prefix} (.+), ([\\d,]+) \\((.+)\\)$`);
  for (const row of rows) {
    const match = pattern.exec(row.name);
    if (!match || match[2] !== LARGE_COMPANY_DOCUMENTS.toLocaleString("en")) continue;
    const [, name, , database] = match;
    const ratios = [
      ["same database", rows.find((other) => other.name === listPageName(spec, name!, String(SMALL_COMPANY_DOCUMENTS), database!))],
      ["separate databases", rows.find((other) => other.name === listPageName(spec, name!, `${SMALL_COMPANY_DOCUMENTS} alone`, database!))],
    ] as const;
    const parts = ratios.flatMap(([where, small]) => {
      if (!small) return [];
      if (small.throughput.requestsPerSecond === 0 || row.throughput.requestsPerSecond === 0) return [`${where} not measured (no request completed)`];
      const ratio = small.throughput.requestsPerSecond / row.throughput.requestsPerSecond;
      return [`${where} ${ratio.toFixed(2)}× ${ratio <= LIST_BUDGET_RATIO ? "within" : "OVER"}`];
    });
    console.log(`${spec.prefix} ${name} (${database}): ${LARGE_COMPANY_DOCUMENTS} vs ${SMALL_COMPANY_DOCUMENTS} ${spec.noun}: ${parts.join(", ")} (budget ${LIST_BUDGET_RATIO}×)`);
  }
}

/** TOP against the invoice list of the same company in the same run (issue 18): its requests per second within 1.5× of the list's. */
function printTopBudget(rows: Row[], database = "PGlite"): void {
  const top = rows.find((row) => row.name === "TOP");
  const list = rows.find((row) => row.name === "invoice list");
  if (!top || !list || top.throughput.requestsPerSecond === 0) return;
  const ratio = list.throughput.requestsPerSecond / top.throughput.requestsPerSecond;
  console.log(
    `TOP (${database}) ${top.throughput.requestsPerSecond.toFixed(0)} req/s vs invoice list ${list.throughput.requestsPerSecond.toFixed(0)} req/s: the list ${ratio.toFixed(2)}× TOP, ${ratio <= LIST_BUDGET_RATIO ? "within" : "OVER"} the ${LIST_BUDGET_RATIO}× budget`,
  );
}

/** Each database's list of the large company against the small one's, with the budget. */
function printListBudget(rows: Row[]): void {
  for (const row of rows) {
    const match = /^API documents (.+), ([\d,]+) \((.+)\)$/.exec(row.name);
    if (!match || match[2] !== LARGE_COMPANY_DOCUMENTS.toLocaleString("en")) continue;
    const small = rows.find((other) => other.name === `API documents ${match[1]}, ${SMALL_COMPANY_DOCUMENTS} (${match[3]})`);
    if (!small) continue;
    const ratio = small.throughput.requestsPerSecond / row.throughput.requestsPerSecond;
    const verdict = ratio <= LIST_BUDGET_RATIO ? "within" : "OVER";
    console.log(`documents ${match[1]} (${match[3]}): ${LARGE_COMPANY_DOCUMENTS} vs ${SMALL_COMPANY_DOCUMENTS} invoices ${ratio.toFixed(2)}× slower, ${verdict} the ${LIST_BUDGET_RATIO}× budget`);
  }
}

/**
 * One call per API target before the load, so a refused token fails at once
 * with the server's reason rather than after a full run (and the server has
 * fetched the JWKS before it is measured). Pages are checked by measureAssets.
 */
async function checkStatuses(origin: string, targets: Target[]): Promise<void> {
  for (const target of targets) {
    const response = await fetch(loopbackUrl(target.path, origin), { headers: target.headers, redirect: "manual" });
    const body = await response.text();
    if (response.status !== target.expectedStatus) {
      throw new Error(`${target.name} (${target.path}) answered ${response.status}, expected ${target.expectedStatus}: ${body.slice(0, 300)}`);
    }
  }
}

/** The bare route, then each target with its throughput relative to that bare route. */
async function loadRows(origin: string, bareName: string, targets: Target[], options: Options): Promise<Row[]> {
  const bare = await measureThroughput(bareName, loopbackUrl(BARE_PATH, origin), {}, 200, options);
  const rows: Row[] = [{ name: bareName, path: BARE_PATH, assets: null, throughput: bare, ratioToBare: 1 }];
  for (const { name, path, headers, expectedStatus, assets } of targets) {
    const throughput = await measureThroughput(name, loopbackUrl(path, origin), headers, expectedStatus, options);
    rows.push({ name, path, assets, throughput, ratioToBare: throughput.requestsPerSecond / bare.requestsPerSecond });
  }
  return rows;
}

/** Requests of the invoice list after which the server's memory is compared with its idle memory. */
const MEMORY_LIST_REQUESTS = 1000;
const MEMORY_BUDGET_RATIO = 1.5;

/** The server's resident memory when idle, then after MEMORY_LIST_REQUESTS of the invoice list page: first, before any other load. */
async function measureMemory(origin: string, server: ChildProcess, run: Run, database: string): Promise<void> {
  const page: Page = { name: "invoice list", path: "/invoices/list", as: API_USER };
  const headers = await cookieHeaderFor(page, run.token);
  await checkStatuses(origin, [{ name: page.name, path: page.path, headers, expectedStatus: 200, assets: null }]);
  const idleRss = (await residentBytes(server.pid!)) ?? 0;
  const result = await autocannon({ url: loopbackUrl(page.path, origin).href, connections: run.options.connections, amount: MEMORY_LIST_REQUESTS, headers });
  if (result.errors > 0 || result.timeouts > 0) throw new Error(`memory run: ${result.errors} errors and ${result.timeouts} timeouts`);
  run.memory.push({ name: `server memory (${database})`, idleRss, afterRss: (await residentBytes(server.pid!)) ?? 0 });
}

function printMemory(rows: MemoryRow[]): void {
  const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  for (const row of rows) {
    const ratio = row.afterRss / row.idleRss;
    const verdict = ratio <= MEMORY_BUDGET_RATIO ? "within" : "OVER";
    console.log(`${row.name}: idle ${mib(row.idleRss)} MiB, after ${MEMORY_LIST_REQUESTS} list pages ${mib(row.afterRss)} MiB (${ratio.toFixed(2)}×, ${verdict} the ${MEMORY_BUDGET_RATIO}× budget)`);
  }
}

/** The floor server on the given database (a copy of PGlite's folder: PGlite has one process at a time), stopped again whatever happens. */
async function withFloor<T>(database: { DATABASE_URL: string } | { DATA_DIR: string }, measure: (origin: string) => Promise<T>): Promise<T> {
  const port = await findFreePort();
  const origin = `http://${HOST}:${port}`;
  const floor = spawn(process.execPath, ["--import", "tsx", "scripts/bench-floor.ts"], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      DATABASE_URL: undefined,
      DATA_DIR: undefined,
      ...database,
      FLOOR_PORT: String(port),
      FLOOR_COMPANY: fixtureUsers[API_USER].companyUniqueCode!,
      FLOOR_USER: fixtureUsers[API_USER].userUniqueCode,
      FLOOR_BANK: fixtureUsers[API_USER].bankCode,
    },
  });
  try {
    await waitUntilHealthy(floor, origin);
    return await measure(origin);
  } finally {
    await stopServer(floor);
  }
}

/** The budget of a 50-row list's hydration data (the loader data Remix streams into the page), gzip. */
const LIST_HYDRATION_BUDGET_BYTES = 8 * 1024;

/** The gzip bytes of the loader data a page carries for hydration: the inline scripts Remix streams it in. */
async function hydrationGzipBytes(url: URL, headers: Record<string, string>): Promise<number> {
  const html = await (await fetch(url, { headers })).text();
  const data = [...html.matchAll(/<script\b[^>]*>(window\.__remixContext\.streamController\.enqueue\([\s\S]*?)<\/script>/g)].map(([, body]) => body).join("");
  return gzipSync(Buffer.from(data), { level: 9 }).length;
}

/**
 * A page of the app with no loader data and no SQL, under the same load: what
 * Remix and React cost before a page does anything, measured between the pages.
 */
const EMPTY_REMIX_PAGE = "/dev/layouts/empty";

/**
 * Each floor page on the server (signed in, with a token the API accepts), then the empty page again, then the page
 * on the floor: the empty page runs before and after each page, so the share compares runs a few seconds apart on
 * this machine's changing load rather than the first and the last of the part.
 */
async function compareWithFloor(origin: string, server: ChildProcess, floorOrigin: string, run: Run, database: string): Promise<void> {
  const listed = await fetch(loopbackUrl("/payment-api/api/v1/documents?kind=invoice&per_page=1", origin), { headers: { Authorization: `Bearer ${run.token}` } });
  const { items } = (await listed.json()) as { items: Array<{ id: number }> };
  const detailId = items[0]!.id;
  const emptyUrl = loopbackUrl(EMPTY_REMIX_PAGE, origin);
  let emptyBefore = await measureLoad(EMPTY_REMIX_PAGE, emptyUrl, {}, server, run.options);
  for (let round = 1; round <= run.options.floorRounds; round += 1) {
    for (const { name, path } of FLOOR_PAGES) {
      const page: Page = { name, path: path(detailId), as: API_USER };
      const headers = await cookieHeaderFor(page, run.token);
      const first = round === 1;
      if (first) {
        await checkStatuses(origin, [{ name, path: page.path, headers, expectedStatus: 200, assets: null }]);
        await checkStatuses(floorOrigin, [{ name: `floor ${name}`, path: page.path, headers: {}, expectedStatus: 200, assets: null }]);
      }
      const hydration = first ? await hydrationGzipBytes(loopbackUrl(page.path, origin), headers) : 0;
      const measured = await measureLoad(name, loopbackUrl(page.path, origin), headers, server, run.options);
      const emptyAfter = await measureLoad(EMPTY_REMIX_PAGE, emptyUrl, {}, server, run.options);
      const floor = first ? await measureThroughput(`floor ${name}`, loopbackUrl(page.path, floorOrigin), {}, 200, run.options) : null;
      run.floors.push({
        name: `${name} (${database})`,
        round,
        pageRequestsPerSecond: measured.requestsPerSecond,
        floorRequestsPerSecond: floor?.requestsPerSecond ?? null,
        hydrationGzipBytes: hydration,
        emptyPageRequestsPerSecond: [emptyBefore.requestsPerSecond, emptyAfter.requestsPerSecond],
        pageCpuMsPerRequest: measured.cpuMsPerRequest,
        emptyPageCpuMsPerRequest: [emptyBefore.cpuMsPerRequest, emptyAfter.cpuMsPerRequest],
      });
      emptyBefore = emptyAfter;
    }
  }
  if (profileDirectory) await profileTail(origin, server, run, database, detailId);
}

/**
 * With --profile, each floor page under load once more, one after the other, then the empty page, at the end of the
 * server's run: the profile's last seconds then hold each page alone (`cpu-profile-summary.ts --window=`), where the comparison above
 * interleaves them with the empty page. Prints each window and its request count, to read milliseconds per request.
 */
async function profileTail(origin: string, server: ChildProcess, run: Run, database: string, detailId: number): Promise<void> {
  const loads: Array<{ name: string; requests: number }> = [];
  for (const { name, path } of FLOOR_PAGES) {
    const page: Page = { name, path: path(detailId), as: API_USER };
    const load = await measureLoad(name, loopbackUrl(page.path, origin), await cookieHeaderFor(page, run.token), server, run.options);
    loads.push({ name, requests: load.requests });
  }
  // The empty page last, to set each page's profile beside what the framework alone costs.
  const empty = await measureLoad(EMPTY_REMIX_PAGE, loopbackUrl(EMPTY_REMIX_PAGE, origin), {}, server, run.options);
  loads.push({ name: "the empty page", requests: empty.requests });
  loads.forEach(({ name, requests }, index) => {
    const from = (loads.length - index) * run.options.duration;
    // Seconds before the profile's end, which is here when floor is the server's last part (--only=floor).
    console.log(`profile (${database}): ${name} alone in --window=${from},${from - run.options.duration}, ${requests} requests`);
  });
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** A round's share of the empty page: its requests per second against the mean of the empty page's runs beside it. */
const shareOf = (row: FloorRow) => row.pageRequestsPerSecond / mean(row.emptyPageRequestsPerSecond);

/** Each floor page's median share over its rounds, its verdict, and each round below it. */
function printFloors(rows: FloorRow[]): void {
  const byPage = new Map<string, FloorRow[]>();
  for (const row of rows) byPage.set(row.name, [...(byPage.get(row.name) ?? []), row]);
  for (const [name, rounds] of byPage) {
    const share = median(rounds.map(shareOf));
    const verdict = share >= EMPTY_PAGE_SHARE_BUDGET ? "within" : "OVER";
    console.log(`${name}: ${share.toFixed(2)} of the empty page's requests per second (median of ${rounds.length}): ${verdict} the budget of ${EMPTY_PAGE_SHARE_BUDGET.toFixed(2)}`);
    for (const row of rounds) {
      const [before, after] = row.emptyPageRequestsPerSecond;
      const emptyCpu = row.emptyPageCpuMsPerRequest.every((ms) => ms !== null) ? mean(row.emptyPageCpuMsPerRequest as number[]) : null;
      const cpu =
        row.pageCpuMsPerRequest !== null && emptyCpu !== null
          ? `; server CPU ${row.pageCpuMsPerRequest.toFixed(1)} ms a request, the empty page ${emptyCpu.toFixed(1)} ms (${(row.pageCpuMsPerRequest - emptyCpu).toFixed(1)} ms of its own)`
          : "";
      console.log(
        `  round ${row.round}: ${row.pageRequestsPerSecond.toFixed(0)} req/s, ${shareOf(row).toFixed(2)} of the empty page's ${mean([before, after]).toFixed(0)} (${before.toFixed(0)} before, ${after.toFixed(0)} after)${cpu}`,
      );
    }
    const first = rounds[0]!;
    if (first.floorRequestsPerSecond !== null) {
      const empty = mean(first.emptyPageRequestsPerSecond);
      console.log(
        `  floor (the same SQL without the framework): ${first.floorRequestsPerSecond.toFixed(0)} req/s; the page ${(first.pageRequestsPerSecond / first.floorRequestsPerSecond).toFixed(2)} of it, the empty page ${(empty / first.floorRequestsPerSecond).toFixed(2)} (round 1)`,
      );
    }
    if (name.startsWith("invoice list")) {
      const fits = first.hydrationGzipBytes <= LIST_HYDRATION_BUDGET_BYTES ? "within" : "OVER";
      console.log(`  50-row list hydration data: ${kib(first.hydrationGzipBytes)} KiB gzip, ${fits} the ${kib(LIST_HYDRATION_BUDGET_BYTES)} KiB budget`);
    }
  }
}

/** Pages and the API on the embedded PGlite database, which the server seeds on its first start. */
async function benchmarkPglite(run: Run): Promise<Row[]> {
  // A fresh embedded database for each run, kept out of the project's ./data.
  const dataDir = mkdtempSync(path.join(tmpdir(), "chohyo-bench-data-"));
  const floorDir = mkdtempSync(path.join(tmpdir(), "chohyo-bench-floor-"));
  try {
    // DATABASE_URL unset, or a value in the caller's environment would make this a PostgreSQL run.
    // Prepared here, before the server opens it: PGlite has one process at a time, and the server's own seed then finds data and stops.
    await migrateAndSeedDatabase({ dataDir }, seedForBench);
    cpSync(dataDir, floorDir, { recursive: true });
    const rows = await withServer({ ...run.serverEnv, DATA_DIR: dataDir, DATABASE_URL: undefined }, async (origin, server) => {
      await measureMemory(origin, server, run, "PGlite");
      await withFloor({ DATA_DIR: floorDir }, (floorOrigin) => compareWithFloor(origin, server, floorOrigin, run, "PGlite"));
      const pdfInvoice = await createPdfInvoice(origin, run);
      await measurePdf(origin, run, pdfInvoice);
      const pages = [...(await pageTargets(origin, run, pdfInvoice)), await printPageTarget(origin, run, pdfInvoice)];
      await measureLighthouse(origin, pages, run);
      const api = apiTargets(run, "PGlite");
      await checkStatuses(origin, api);
      const rows = await loadRows(origin, "bare route", [...pages, ...api], run.options);
      const bareRequestsPerSecond = rows[0]!.throughput.requestsPerSecond;
      rows.push(...(await withSmallCompanyAlonePglite(run, (smallAloneOrigin) => loadListPages({ origin, smallAloneOrigin, bareRequestsPerSecond }, run, "PGlite"))));
      return rows;
    });
    // From a fresh server, so its memory is the export's and not what the load before left.
    await withServer({ ...run.serverEnv, DATA_DIR: dataDir, DATABASE_URL: undefined }, (origin, server) => measureExports(origin, server, run, "PGlite"));
    return rows;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(floorDir, { recursive: true, force: true });
  }
}

/** --only=weight: each page's assets on a fresh embedded database with the demo data and the detail page's invoice. */
async function measureWeightOnly(run: Run): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "chohyo-bench-data-"));
  try {
    await migrateAndSeedDatabase({ dataDir }, async (db) => {
      await seedDemoData(db, path.join(ROOT, "sandbox/assets"));
    });
    return await withServer({ ...run.serverEnv, DATA_DIR: dataDir, DATABASE_URL: undefined }, async (origin) => {
      const targets = await pageTargets(origin, run, await createPdfInvoice(origin, run));
      return targets.map(({ name, path, assets }) => ({ name, path, assets, throughput: { requestsPerSecond: 0, p95Ms: 0, requests: 0 }, ratioToBare: 0 }));
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The list pages against the bare route of the same server, as at the end of the whole run. */
async function listPagesOnly(origin: string, run: Run, database: string, withSmallAlone: (measure: (smallAloneOrigin: string) => Promise<Row[]>) => Promise<Row[]>): Promise<Row[]> {
  const bare = await measureThroughput("bare route", loopbackUrl(BARE_PATH, origin), {}, 200, run.options);
  // TOP against the invoice list of the same (large) company, as the whole run compares them.
  const pages: Row[] = [];
  for (const name of ["TOP", "invoice list"]) {
    const page = PAGES.find((listed) => listed.name === name)!;
    const headers = await cookieHeaderFor(page, run.token);
    const throughput = await measureThroughput(`${name} (${database})`, loopbackUrl(page.path, origin), headers, 200, run.options);
    pages.push({ name, path: page.path, assets: null, throughput, ratioToBare: throughput.requestsPerSecond / bare.requestsPerSecond });
  }
  printTopBudget(pages, database);
  return [...pages.map((row) => ({ ...row, name: `${row.name} (${database})` })), ...(await withSmallAlone((smallAloneOrigin) => loadListPages({ origin, smallAloneOrigin, bareRequestsPerSecond: bare.requestsPerSecond }, run, database)))];
}

/** --only with floor, memory, exports or lists: those parts alone, on a fresh embedded database and on PostgreSQL, as in the whole run. */
async function measureServerParts(postgres: PostgresServer, run: Run, parts: ReadonlySet<OnlyPart>): Promise<Row[]> {
  const rows: Row[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), "chohyo-bench-data-"));
  const floorDir = mkdtempSync(path.join(tmpdir(), "chohyo-bench-floor-"));
  try {
    await migrateAndSeedDatabase({ dataDir }, seedForBench);
    cpSync(dataDir, floorDir, { recursive: true });
    const pglite = { ...run.serverEnv, DATA_DIR: dataDir, DATABASE_URL: undefined };
    await withServer(pglite, async (origin, server) => {
      if (parts.has("memory")) await measureMemory(origin, server, run, "PGlite");
      if (parts.has("floor")) await withFloor({ DATA_DIR: floorDir }, (floorOrigin) => compareWithFloor(origin, server, floorOrigin, run, "PGlite"));
      if (parts.has("lists")) rows.push(...(await listPagesOnly(origin, run, "PGlite", (measure) => withSmallCompanyAlonePglite(run, measure))));
    });
    if (parts.has("exports")) await withServer(pglite, (origin, server) => measureExports(origin, server, run, "PGlite"));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(floorDir, { recursive: true, force: true });
  }
  const client = await connectPostgres(postgres);
  if (!client) return rows;
  await withNewDatabase(client, postgres.serverUrl, "chohyo_bench", async (databaseUrl) => {
    await migrateAndSeed(databaseUrl);
    const postgresEnv = { ...run.serverEnv, DATABASE_URL: databaseUrl.href };
    await withServer(postgresEnv, async (origin, server) => {
      if (parts.has("memory")) await measureMemory(origin, server, run, "PostgreSQL");
      if (parts.has("floor")) await withFloor({ DATABASE_URL: databaseUrl.href }, (floorOrigin) => compareWithFloor(origin, server, floorOrigin, run, "PostgreSQL"));
      if (parts.has("lists")) rows.push(...(await listPagesOnly(origin, run, "PostgreSQL", (measure) => withSmallCompanyAlonePostgres(postgres.serverUrl, run, measure))));
    });
    if (parts.has("exports")) await withServer(postgresEnv, (origin, server) => measureExports(origin, server, run, "PostgreSQL"));
  });
  return rows;
}

/** --only=visit: the five-page visit on a fresh embedded database with the demo data, signed in as its owner. */
async function measureVisitOnly(run: Run): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "chohyo-bench-data-"));
  try {
    await migrateAndSeedDatabase({ dataDir }, async (db) => {
      await seedDemoData(db, path.join(ROOT, "sandbox/assets"));
    });
    await withServer({ ...run.serverEnv, DATA_DIR: dataDir, DATABASE_URL: undefined }, async (origin) => {
      run.visit.push(...(await measureVisit(origin, await sessionCookieFor(fixtureUsers[API_USER], { idToken: run.token }))));
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** --only=lighthouse: the pages Lighthouse scores, on a fresh embedded database with the run's data. */
async function measureLighthouseOnly(run: Run): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "chohyo-bench-data-"));
  try {
    await migrateAndSeedDatabase({ dataDir }, seedForBench);
    await withServer({ ...run.serverEnv, DATA_DIR: dataDir, DATABASE_URL: undefined }, async (origin) => {
      await measureLighthouse(origin, await pageTargets(origin, run, await createPdfInvoice(origin, run)), run);
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The billing cycle's cases (scripts/bench-billing.ts) on a fresh embedded database and on a new PostgreSQL database. */
async function measureBillingParts(postgres: PostgresServer, run: Run): Promise<void> {
  // The cases run where a seed would: on the database just migrated, before it is closed.
  const dataDir = mkdtempSync(path.join(tmpdir(), "chohyo-bench-billing-"));
  try {
    await migrateAndSeedDatabase({ dataDir }, async (db) => void run.billing.push(...(await measureBilling(db, "PGlite"))));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const client = await connectPostgres(postgres);
  if (!client) return;
  await withNewDatabase(client, postgres.serverUrl, "chohyo_bench", (databaseUrl) =>
    migrateAndSeed(databaseUrl, async (db) => void run.billing.push(...(await measureBilling(db, "PostgreSQL")))),
  );
}

/** The benchmark stays on this machine: a PostgreSQL server elsewhere is refused, as non-loopback pages are. */
function loopbackDatabaseUrl(spec: string): URL {
  const url = new URL(spec);
  if (!LOOPBACK_HOSTNAMES.has(url.hostname) || url.searchParams.has("host")) {
    throw new Error(`refusing a non-loopback PostgreSQL server: ${printableUrl(url)}`);
  }
  return url;
}

/** For messages: without the password. */
function printableUrl(url: URL): string {
  const copy = new URL(url);
  if (copy.password) copy.password = "***";
  return copy.href;
}

function errorText(error: unknown): string {
  // A refused connection to "localhost" is an AggregateError with an empty message but a code.
  if (error instanceof Error) return error.message || (error as NodeJS.ErrnoException).code || error.name;
  return String(error);
}

function adminClient(serverUrl: URL): pg.Client {
  return new pg.Client({ connectionString: serverUrl.href, connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS, query_timeout: HEALTH_TIMEOUT_MS });
}

/** BENCH_DATABASE_URL, else the default local server; read before any run so a bad value fails at once. */
function postgresServer(): PostgresServer {
  const requested = process.env.BENCH_DATABASE_URL;
  return { serverUrl: loopbackDatabaseUrl(requested || DEFAULT_BENCH_DATABASE_URL), requested: Boolean(requested) };
}

/**
 * A connected client, or null (having said why) when the default server
 * cannot be reached, as the PostgreSQL rows are optional unless a server was asked for.
 */
async function connectPostgres({ serverUrl, requested }: PostgresServer): Promise<pg.Client | null> {
  const client = adminClient(serverUrl);
  try {
    await client.connect();
    return client;
  } catch (error) {
    const reason = `cannot connect to ${printableUrl(serverUrl)}: ${errorText(error)}`;
    if (requested) throw new Error(`BENCH_DATABASE_URL: ${reason}`);
    console.log(`PostgreSQL rows skipped: ${reason} (set BENCH_DATABASE_URL to use another server).`);
    return null;
  }
}

/** Opens a database, migrates it, seeds it with `seed` and closes it again, before a server opens it. */
async function migrateAndSeedDatabase(options: Parameters<typeof openDatabase>[0], seed: (db: DatabaseHandle["db"]) => Promise<void>): Promise<void> {
  const database = await openDatabase(options);
  try {
    await database.migrate(path.join(ROOT, "api/db/migrations"));
    await seed(database.db);
  } finally {
    await database.close();
  }
}

/** Migrates and seeds from this process: the server seeds only its embedded PGlite database. */
async function migrateAndSeed(databaseUrl: URL, seed = seedForBench): Promise<void> {
  const url = new URL(databaseUrl);
  // Bounds each statement, as HEALTH_TIMEOUT_MS bounds the server start.
  url.searchParams.set("statement_timeout", String(HEALTH_TIMEOUT_MS));
  await migrateAndSeedDatabase({ databaseUrl: url.href }, seed);
}

/** The bare route and the API in a second server on a fresh PostgreSQL database, dropped afterwards. */
async function benchmarkPostgres(postgres: PostgresServer, run: Run): Promise<Row[]> {
  const client = await connectPostgres(postgres);
  if (!client) return [];
  const { serverUrl } = postgres;
  return withNewDatabase(client, serverUrl, "chohyo_bench", async (databaseUrl) => {
    await migrateAndSeed(databaseUrl);
    const rows = await withServer({ ...run.serverEnv, DATABASE_URL: databaseUrl.href }, async (origin, server) => {
      await measureMemory(origin, server, run, "PostgreSQL");
      await withFloor({ DATABASE_URL: databaseUrl.href }, (floorOrigin) => compareWithFloor(origin, server, floorOrigin, run, "PostgreSQL"));
      const targets = apiTargets(run, "PostgreSQL");
      await checkStatuses(origin, targets);
      const loaded = await loadRows(origin, "bare route (PostgreSQL run)", targets, run.options);
      const bareRequestsPerSecond = loaded[0]!.throughput.requestsPerSecond;
      loaded.push(...(await withSmallCompanyAlonePostgres(serverUrl, run, (smallAloneOrigin) => loadListPages({ origin, smallAloneOrigin, bareRequestsPerSecond }, run, "PostgreSQL"))));
      return loaded;
    });
    // From a fresh server, so its memory is the export's and not what the load before left.
    await withServer({ ...run.serverEnv, DATABASE_URL: databaseUrl.href }, (origin, server) => measureExports(origin, server, run, "PostgreSQL"));
    return rows;
  });
}

/** A new database on the server for `use`, dropped afterwards; `client` (connected) is ended once it has made it. */
async function withNewDatabase<T>(client: pg.Client, serverUrl: URL, prefix: string, use: (databaseUrl: URL) => Promise<T>): Promise<T> {
  const name = `${prefix}_${randomBytes(8).toString("hex")}`;
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  try {
    const databaseUrl = new URL(serverUrl);
    databaseUrl.pathname = `/${name}`;
    return await use(databaseUrl);
  } finally {
    await dropDatabase(serverUrl, name);
  }
}

async function dropDatabase(serverUrl: URL, name: string): Promise<void> {
  const client = adminClient(serverUrl);
  try {
    await client.connect();
    // FORCE: a connection the stopped server left behind must not keep the database alive.
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** The claims the identity provider puts in an id token (as tests/support/api.ts signs them). */
function apiUserClaims(name: FixtureUserName): Record<string, unknown> {
  const user = fixtureUsers[name];
  const branchCode = DEMO_USERS.find((candidate) => candidate.userUniqueCode === user.userUniqueCode)?.branch?.code;
  return {
    ba_user_unique_code: user.userUniqueCode,
    ba_user_type: user.userType,
    ba_user_bank_code: user.bankCode,
    ba_company_unique_code: user.companyUniqueCode ?? undefined,
    ba_user_bb_code: branchCode,
  };
}

async function benchmark(options: Options, collected: Collected): Promise<Row[]> {
  const postgres = postgresServer();
  const issuer = await startTestIssuer();
  try {
    const run: Run = {
      options,
      // One token for the whole run: an hour covers the 12 targets unless --duration nears its 300 s limit.
      token: await issuer.sign(apiUserClaims(API_USER), { expiresIn: "1h" }),
      smallCompanyToken: await issuer.sign(apiUserClaims(SMALL_COMPANY_USER), { expiresIn: "1h" }),
      receiveSmallCompanyToken: await issuer.sign(apiUserClaims(RECEIVE_SMALL_COMPANY_USER), { expiresIn: "1h" }),
      adminToken: await issuer.sign(apiUserClaims(ADMIN_LARGE_USER), { expiresIn: "1h" }),
      branchAdminToken: await issuer.sign(apiUserClaims(ADMIN_SMALL_USER), { expiresIn: "1h" }),
      serverEnv: {
        ID_TOKEN_ISSUERS: JSON.stringify([{ issuer: issuer.issuer, jwksUri: issuer.jwksUri }]),
        OIDC_CLIENT_ID: TEST_CLIENT_ID,
      },
      ...collected,
    };
    const { only } = options;
    if (only) {
      const rows = only.has("weight") ? await measureWeightOnly(run) : [];
      if (only.has("floor") || only.has("memory") || only.has("exports") || only.has("lists")) rows.push(...(await measureServerParts(postgres, run, only)));
      if (only.has("lighthouse")) await measureLighthouseOnly(run);
      if (only.has("visit")) await measureVisitOnly(run);
      if (only.has("billing")) await measureBillingParts(postgres, run);
      return rows;
    }
    console.log(`Load: ${options.connections} connections, ${options.duration} s per target…`);
    const pgliteRows = await benchmarkPglite(run);
    const rows = [...pgliteRows, ...(await benchmarkPostgres(postgres, run))];
    await measureBillingParts(postgres, run);
    return rows;
  } finally {
    await issuer.close();
  }
}

function kib(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

function printTable(rows: Row[]): void {
  const header = ["target", "path", "JS gzip KiB", "inline KiB", "CSS gzip KiB", "files", "req/s", "p95 ms", "vs bare"];
  const cells = rows.map((row) => [
    row.name,
    row.path,
    row.assets ? kib(row.assets.jsGzipBytes) : "-",
    row.assets ? kib(row.assets.inlineGzipBytes) : "-",
    row.assets ? kib(row.assets.cssGzipBytes) : "-",
    row.assets ? String(row.assets.files) : "-",
    row.throughput.requestsPerSecond.toFixed(0),
    row.throughput.p95Ms.toFixed(1),
    `${row.ratioToBare.toFixed(2)}×`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column]!.length)));
  // Text columns left-aligned, numbers right-aligned.
  const format = (line: string[]) =>
    line.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  console.log(format(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const line of cells) console.log(format(line));
}

/** Each page of the table against its JavaScript budget, which counts the files and the inline scripts (issue 39). */
function printJsBudgets(rows: Row[]): void {
  console.log(`JavaScript budget (gzip, files and inline scripts): ${JS_BUDGET_KIB} KiB a page, ${FORM_JS_BUDGET_KIB} KiB a create or edit page`);
  for (const page of PAGES.filter((listed) => listed.as)) {
    const row = rows.find((candidate) => candidate.name === page.name);
    if (!row?.assets) continue;
    const { jsGzipBytes, inlineGzipBytes } = row.assets;
    const total = jsGzipBytes + inlineGzipBytes;
    const parts = `files ${kib(jsGzipBytes)} + inline scripts ${kib(inlineGzipBytes)}`;
    if (page.devOnly) {
      console.log(`  ${page.name} (${row.path}): ${kib(total)} KiB (${parts}) — a development sample, not a company page: no budget`);
      continue;
    }
    const budget = page.form ? FORM_JS_BUDGET_KIB : JS_BUDGET_KIB;
    console.log(`  ${page.name} (${row.path}): ${kib(total)} of ${budget} KiB (${parts}) — ${total <= budget * 1024 ? "within" : "OVER"}`);
  }
}

/** The middle value; the mean of the two middle ones for an even count. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Each page's runs and their medians, its verdict against its budget, and the empty page's median score beside it. */
function printLighthouse(rows: LighthouseRow[]): void {
  const pages = [...new Set(rows.map((row) => row.name))].map((name) => {
    const runs = rows.filter((row) => row.name === name);
    return { name, path: runs[0]!.path, minScore: runs[0]!.minScore, runs, score: median(runs.map((row) => row.score)), tbtMs: median(runs.map((row) => row.tbtMs)) };
  });
  const control = pages.find((page) => page.name === LIGHTHOUSE_CONTROL);
  console.log(`Lighthouse mobile, median of ${pages[0]?.runs.length ?? 0} run(s) a page (budget: the score given, TBT ≤ ${LIGHTHOUSE_MAX_TBT_MS} ms)`);
  for (const page of pages) {
    const runs = page.runs.map((row) => `${row.score} (TBT ${row.tbtMs.toFixed(0)} ms, interactive ${(row.interactiveMs / 1000).toFixed(1)} s, load ${row.load.toFixed(1)})`).join(", ");
    const within = page.minScore !== null && page.score >= page.minScore && page.tbtMs <= LIGHTHOUSE_MAX_TBT_MS;
    const verdict = page.minScore === null ? "no budget" : `${within ? "within" : "OVER"} (score ≥ ${page.minScore})`;
    const beside = control && page !== control ? `; ${LIGHTHOUSE_CONTROL} ${control.score}` : "";
    console.log(`  ${page.name} (${page.path}): median ${page.score}, TBT ${page.tbtMs.toFixed(0)} ms — ${verdict}${beside}; runs ${runs}`);
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  profileDirectory = options.profile;
  // sessionCookieFor signs with the secret it reads from this process's environment.
  process.env.SESSION_SECRET = SESSION_SECRET;
  process.env.COOKIE_SECURE = "false";

  if (options.build && (options.only === null || [...options.only].some((part) => !IN_PROCESS_PARTS.has(part)))) await runBuild();

  const collected: Collected = { exports: [], pdfs: [], floors: [], memory: [], lighthouse: [], billing: [], visit: [] };
  const rows = await benchmark(options, collected);
  const { exports, pdfs, floors, memory, lighthouse, billing, visit } = collected;
  const { only } = options;
  if (only) {
    if (only.has("weight")) printJsBudgets(rows);
    if (only.has("lighthouse")) printLighthouse(lighthouse);
    if (only.has("visit")) printVisit(visit);
    if (only.has("floor")) printFloors(floors);
    if (only.has("memory")) printMemory(memory);
    if (only.has("exports")) printExports(exports);
    if (only.has("lists")) printListPageBudget(rows);
    if (only.has("billing")) printBilling(billing);
    if (options.json && only.has("billing")) await writeResults({ billing });
    return;
  }
  printTable(rows);
  printJsBudgets(rows);
  printLighthouse(lighthouse);
  printFloors(floors);
  printMemory(memory);
  printTopBudget(rows);
  printListBudget(rows);
  printListPageBudget(rows);
  printExports(exports);
  for (const pdf of pdfs) console.log(`${pdf.name}: median ${pdf.medianMs.toFixed(0)} ms warm, ${kib(pdf.bytes)} KiB`);
  printBilling(billing);
  if (options.json) {
    await writeResults({ duration: options.duration, connections: options.connections, rows, floors, memory, exports, pdfs, lighthouse, billing });
  }
}

/** --json: the results to bench-results.json. */
async function writeResults(results: Record<string, unknown>): Promise<void> {
  const file = path.join(ROOT, "bench-results.json");
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`Wrote ${path.relative(process.cwd(), file)}`);
}

try {
  await main();
} catch (error) {
  console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
