/**
 * Page-weight and throughput benchmark.
 *
 * Builds the app, starts dist/server.js on a free loopback port, then for each
 * page below measures the gzip size of the JavaScript and CSS it loads and its
 * throughput under autocannon, next to the bare Express route /dev/bare (same
 * server and middleware, no Remix) as the baseline.
 *
 *   npm run bench -- [--no-build] [--duration=5] [--connections=10] [--json]
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { sessionCookieFor } from "../tests/support/session";
import { fixtureUsers, type FixtureUserName } from "../tests/support/users";

type Page = {
  name: string;
  path: string;
  /** Signed in as this fixture user; a visitor otherwise. */
  as?: FixtureUserName;
  /** The status the page must answer with; 200 unless given. */
  expectedStatus?: number;
};

const PAGES: Page[] = [
  { name: "404 (visitor)", path: "/no-such-page", expectedStatus: 404 },
  { name: "TOP", path: "/top", as: "owner" },
  { name: "FAQ", path: "/support/faq", as: "owner" },
  { name: "plain layout", path: "/dev/layouts/plain" },
  { name: "admin layout", path: "/dev/layouts/admin", as: "bankAdmin" },
  { name: "notice + validation form", path: "/dev/notice" },
];

const BARE_PATH = "/dev/bare";
const SESSION_SECRET = "bench-session-secret";
const HOST = "127.0.0.1";
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const HEALTH_TIMEOUT_MS = 30_000;
const HEALTH_POLL_MS = 200;
// The server drains connections for up to SHUTDOWN_TIMEOUT_MS (10 s by default) before exiting.
const STOP_TIMEOUT_MS = 15_000;

// Minimal shape of autocannon's programmatic API (there is no @types/autocannon).
// createRequire because a typed `import` of an untyped package fails under strict.
type AutocannonOptions = { url: string; connections: number; duration: number; headers: Record<string, string> };
type AutocannonResult = {
  requests: { mean: number };
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

type Options = { build: boolean; duration: number; connections: number; json: boolean };

type Assets = { jsGzipBytes: number; cssGzipBytes: number; files: number };

type Throughput = { requestsPerSecond: number; p95Ms: number };

type Row = { name: string; path: string; assets: Assets | null; throughput: Throughput; ratioToBare: number };

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      "no-build": { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      duration: { type: "string", default: "5" },
      connections: { type: "string", default: "10" },
    },
  });
  return {
    build: !values["no-build"],
    json: values.json,
    // Upper bounds keep a typo from turning into an hour-long run.
    duration: positiveInteger("--duration", values.duration, 300),
    connections: positiveInteger("--connections", values.connections, 1000),
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

function startServer(port: number): ChildProcess {
  return spawn(process.execPath, ["dist/server.js"], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST,
      NODE_ENV: "production",
      ENABLE_DEV_ROUTES: "true",
      SESSION_SECRET,
      LOG_LEVEL: "warn",
      COOKIE_SECURE: "false",
      // A fresh embedded database for each run, kept out of the project's ./data.
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "chohyo-bench-data-")),
    },
  });
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

async function cookieHeaderFor(page: Page): Promise<Record<string, string>> {
  if (!page.as) return {};
  const { name, value } = await sessionCookieFor(fixtureUsers[page.as]);
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
  const assets: Assets = { jsGzipBytes: 0, cssGzipBytes: 0, files: 0 };
  for (const spec of assetUrls(await response.text())) {
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
  return { requestsPerSecond: result.requests.mean, p95Ms: percentile95(latencies) };
}

async function benchmark(origin: string, options: Options): Promise<Row[]> {
  const measured: { page: Page; headers: Record<string, string>; assets: Assets }[] = [];
  for (const page of PAGES) {
    const headers = await cookieHeaderFor(page);
    measured.push({ page, headers, assets: await measureAssets(page, origin, headers) });
  }

  console.log(`Load: ${options.connections} connections, ${options.duration} s per target…`);
  const bare = await measureThroughput("bare route", loopbackUrl(BARE_PATH, origin), {}, 200, options);
  const rows: Row[] = [{ name: "bare route", path: BARE_PATH, assets: null, throughput: bare, ratioToBare: 1 }];
  for (const { page, headers, assets } of measured) {
    const url = loopbackUrl(page.path, origin);
    const throughput = await measureThroughput(page.name, url, headers, page.expectedStatus ?? 200, options);
    const ratioToBare = throughput.requestsPerSecond / bare.requestsPerSecond;
    rows.push({ name: page.name, path: page.path, assets, throughput, ratioToBare });
  }
  return rows;
}

function kib(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

function printTable(rows: Row[]): void {
  const header = ["page", "path", "JS gzip KiB", "CSS gzip KiB", "files", "req/s", "p95 ms", "vs bare"];
  const cells = rows.map((row) => [
    row.name,
    row.path,
    row.assets ? kib(row.assets.jsGzipBytes) : "-",
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

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  // sessionCookieFor signs with the secret it reads from this process's environment.
  process.env.SESSION_SECRET = SESSION_SECRET;
  process.env.COOKIE_SECURE = "false";

  if (options.build) await runBuild();

  const port = await findFreePort();
  const origin = `http://${HOST}:${port}`;
  const server = startServer(port);
  let rows: Row[];
  try {
    await waitUntilHealthy(server, origin);
    rows = await benchmark(origin, options);
  } finally {
    await stopServer(server);
  }

  printTable(rows);
  if (options.json) {
    const file = path.join(ROOT, "bench-results.json");
    const results = { duration: options.duration, connections: options.connections, rows };
    await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`Wrote ${path.relative(process.cwd(), file)}`);
  }
}

try {
  await main();
} catch (error) {
  console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
