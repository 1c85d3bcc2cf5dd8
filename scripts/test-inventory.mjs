// `npm run test:inventory -- [--axe FILE] [--root DIR]`: what the test suite covers, as Markdown on stdout, so the
// inventory before and after a change to the suite can be compared line by line (issue 30, decision 041).
//
//   1. Browser flows: every Playwright test and the projects it runs in (`playwright test --list`, no browser, no server).
//   2. Pages under axe: the page states the axe helper analysed, read from the file it writes when AXE_INVENTORY_FILE is
//      set (`<js|no-js>\t<path>` a line); ids in the paths are replaced by :id.
//   3. API endpoints: every route of the Payment API (read from api/ without running it) and the test files of the
//      `test:api` scope (the one run on PGlite by `npx vitest run` and on PostgreSQL by `.ci/run`) that name its path.
//
// --root DIR inventories another checkout (a worktree of an older commit) with this script; --playwright-list FILE reads
// a saved `playwright test --list --reporter=json` instead of running it. No dependency beyond Node and the project's own.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * @typedef {{ title: string, file: string, line: number, tests: Array<{ projectName: string, annotations: Array<{ type: string }> }> }} ListedSpec
 * @typedef {{ title: string, file: string, line?: number, specs?: ListedSpec[], suites?: ListedSuite[] }} ListedSuite
 * @typedef {{ config: { rootDir: string, projects?: Array<{ name: string }> }, suites: ListedSuite[], errors?: Array<{ message?: string }> }} ListedReport
 * @typedef {{ file: string, titles: string[], listed: Set<string>, skipped: Set<string>, staticSkip: boolean }} Flow
 * @typedef {{ file: string, name: string, body: string, source: string, mounted?: boolean }} FunctionSource
 * @typedef {{ method: string, path: string, file?: string }} Route
 * @typedef {"both" | "PostgreSQL" | "PGlite"} Databases
 * @typedef {{ path: string, database: Databases }} NamedPath
 * @typedef {{ file: string, helper: boolean, databases: Set<Databases> }} Reference
 * @typedef {Route & { references: Reference[] }} Endpoint
 * @typedef {{ script: string, filters: string[], files: string[] }} Scope
 */

const USAGE = "usage: node scripts/test-inventory.mjs [--axe FILE] [--root DIR] [--playwright-list FILE]";

/**
 * @param {string[]} argv
 * @returns {{ root: string, axe: string | null, playwrightList: string | null }}
 */
function parseArguments(argv) {
  /** @type {{ root: string, axe: string | null, playwrightList: string | null }} */
  const options = { root: process.cwd(), axe: null, playwrightList: null };
  for (let index = 0; index < argv.length; index++) {
    const [name, inline] = (argv[index] ?? "").split(/=(.*)/s, 2);
    const value = () => inline ?? argv[++index] ?? fail(`${name} needs a value\n${USAGE}`);
    if (name === "--axe") options.axe = path.resolve(value());
    else if (name === "--root") options.root = path.resolve(value());
    else if (name === "--playwright-list") options.playwrightList = path.resolve(value());
    else if (name === "--help" || name === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else fail(`unknown argument ${argv[index]}\n${USAGE}`);
  }
  return options;
}

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(message);
  process.exit(2);
}

/**
 * Runs a command in the inventoried checkout and returns its stdout; a failure ends the script with its stderr.
 * @param {string} root
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 */
function run(root, command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, encoding: "utf8", maxBuffer: 256 * 1024 * 1024, env: { ...process.env, ...env } });
  if (result.status !== 0) fail(`${command} ${args.join(" ")} failed (${result.status ?? result.signal}):\n${result.stderr}`);
  return result.stdout;
}

/** @type {(root: string, file: string) => string} */
const relative = (root, file) => path.relative(root, file).split(path.sep).join("/");
/** @type {(text: string) => string} */
const escapeCell = (text) => text.replaceAll("|", "\\|");
/** @type {<T>(items: T[], predicate: (item: T) => boolean) => number} */
const count = (items, predicate) => items.filter(predicate).length;

// ---------------------------------------------------------------------------------------------------------------------
// Reading TypeScript without a parser: enough to find route definitions, test skips and path literals.

/** @type {Record<string, string>} */
const PAIRS = { "(": ")", "[": "]", "{": "}" };

/**
 * The index of the bracket closing the one at `open` ("(", "[" or "{"), skipping strings, templates and comments.
 * @param {string} source
 * @param {number} open
 * @returns {number}
 */
function closingBracket(source, open) {
  const stack = [PAIRS[source[open] ?? ""]];
  for (let index = open + 1; index < source.length; index++) {
    const char = source[index] ?? "";
    if (char === '"' || char === "'" || char === "`") index = stringEnd(source, index);
    else if (char === "/" && source[index + 1] === "/") index = source.indexOf("\n", index) === -1 ? source.length : source.indexOf("\n", index);
    else if (char === "/" && source[index + 1] === "*") index = source.indexOf("*/", index + 2) + 1;
    else if (PAIRS[char]) stack.push(PAIRS[char]);
    else if (char === stack.at(-1)) {
      stack.pop();
      if (stack.length === 0) return index;
    }
  }
  return source.length - 1;
}

/**
 * The index of the quote ending the string or template literal starting at `start`.
 * @param {string} source
 * @param {number} start
 * @returns {number}
 */
function stringEnd(source, start) {
  const quote = source[start];
  for (let index = start + 1; index < source.length; index++) {
    const char = source[index];
    if (char === "\\") index++;
    else if (char === quote) return index;
    else if (quote === "`" && char === "$" && source[index + 1] === "{") index = closingBracket(source, index + 1);
    else if (quote !== "`" && char === "\n") return index;
  }
  return source.length - 1;
}

/**
 * A literal's text, unescaped, each `${…}` kept as written.
 * @param {string} literal
 */
function literalText(literal) {
  if (!literal.startsWith("`")) return literal.slice(1, -1).replace(/\\(.)/g, "$1");
  let text = "";
  for (let index = 1; index < literal.length - 1; index++) {
    if (literal[index] === "$" && literal[index + 1] === "{") {
      const end = closingBracket(literal, index + 1);
      text += "${" + literal.slice(index + 2, end).trim() + "}";
      index = end;
    } else if (literal[index] === "\\") text += literal[++index];
    else text += literal[index];
  }
  return text;
}

/**
 * The top-level elements of an array literal's inside, split at commas outside brackets and strings.
 * @param {string} inside
 */
function elementsOf(inside) {
  /** @type {string[]} */
  const elements = [];
  let start = 0;
  for (let index = 0; index < inside.length; index++) {
    const char = inside[index];
    if (char === '"' || char === "'" || char === "`") index = stringEnd(inside, index);
    else if (char === "(" || char === "[" || char === "{") index = closingBracket(inside, index);
    else if (char === ",") {
      elements.push(inside.slice(start, index).trim());
      start = index + 1;
    }
  }
  elements.push(inside.slice(start).trim());
  return elements.filter(Boolean);
}

/**
 * Every .ts file under `directory` (recursively), tests left out.
 * @param {string} directory
 * @returns {string[]}
 */
function typescriptFiles(directory) {
  if (!existsSync(directory)) return [];
  /** @type {string[]} */
  const found = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) found.push(...typescriptFiles(file));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") && !/\.test\.tsx?$/.test(entry.name)) found.push(file);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------------------------
// 1. Browser flows

/**
 * @param {string} root
 * @param {string | null} savedList
 * @returns {ListedReport}
 */
function playwrightList(root, savedList) {
  if (savedList) return JSON.parse(readFileSync(savedList, "utf8"));
  // The configuration makes a data folder for the server when none is given; --list starts no server, so it is thrown away.
  const dataDir = mkdtempSync(path.join(tmpdir(), "test-inventory-"));
  try {
    return JSON.parse(run(root, "npx", ["playwright", "test", "--list", "--reporter=json"], { E2E_DATA_DIR: dataDir, CI: "" }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The projects a test leaves itself out of at run time, read from its source: `test.skip(!javaScript, …)` in its body
 * or `test.skip(({ javaScriptEnabled }) => …)` in an enclosing describe; `test.skip()` skips it everywhere. `--list`
 * cannot see these.
 * @param {string} text
 */
function runtimeSkips(text) {
  /** @type {Set<string>} */
  const skips = new Set();
  if (/test\.(skip|fixme)\(\s*\)/.test(text)) skips.add("js").add("no-js");
  for (const match of text.matchAll(/test\.skip\(([^,]*?(?:=>[^,]*)?),/g)) {
    const condition = (match[1] ?? "").replace(/\(\s*\{\s*javaScriptEnabled\s*\}\s*\)\s*=>/, "").replace(/\s+/g, "");
    if (/^(!javaScript|!javaScriptEnabled|javaScriptEnabled===false|javaScript===false)$/.test(condition)) skips.add("no-js");
    else if (/^(javaScript|javaScriptEnabled|javaScriptEnabled!==false|javaScriptEnabled===true|javaScript===true)$/.test(condition)) skips.add("js");
    else skips.add(`when ${(match[1] ?? "").trim()}`);
  }
  return skips;
}

/**
 * @param {string} root
 * @param {string | null} savedList
 */
function browserFlows(root, savedList) {
  const report = playwrightList(root, savedList);
  const projects = (report.config.projects ?? []).map((project) => project.name);
  /** @type {Map<string, { lines: string[], starts: number[] }>} */
  const sources = new Map();
  /** The file's lines, and the lines where a describe or a test starts in it. */
  const sourceOf = (/** @type {ListedSuite} */ fileSuite) => {
    const known = sources.get(fileSuite.file);
    if (known) return known;
    const lines = readFileSync(path.join(report.config.rootDir, fileSuite.file), "utf8").split("\n");
    const source = { lines, starts: [...new Set(startLines(fileSuite))].sort((a, b) => a - b) };
    sources.set(fileSuite.file, source);
    return source;
  };
  /** @type {Flow[]} */
  const tests = [];
  /**
   * Walks a suite; `preamble` is the text of enclosing describes before their first child (their hooks and skips).
   * @param {ListedSuite} suite
   * @param {ListedSuite} fileSuite
   * @param {string[]} titles
   * @param {string} preamble
   */
  const walk = (suite, fileSuite, titles, preamble) => {
    const { lines, starts } = sourceOf(fileSuite);
    const firstChild = Math.min(...[...(suite.specs ?? []), ...(suite.suites ?? [])].map((child) => child.line ?? Infinity));
    const own = suite.line ? lines.slice(suite.line - 1, (Number.isFinite(firstChild) ? firstChild : suite.line + 1) - 1).join("\n") : "";
    for (const spec of suite.specs ?? []) {
      const end = starts.find((line) => line > spec.line) ?? lines.length + 1;
      const body = lines.slice(spec.line - 1, end - 1).join("\n");
      const listed = new Set(spec.tests.map((test) => test.projectName));
      const skipped = new Set([...runtimeSkips(preamble + own + body)].filter((skip) => skip.startsWith("when ") || listed.has(skip)));
      const staticSkip = spec.tests.some((test) => test.annotations.some((annotation) => annotation.type === "skip" || annotation.type === "fixme"));
      tests.push({ file: spec.file, titles: [...titles, spec.title], listed, skipped, staticSkip });
    }
    for (const child of suite.suites ?? []) walk(child, fileSuite, [...titles, child.title], preamble + own);
  };
  for (const file of report.suites) walk(file, file, [], "");
  tests.sort((a, b) => a.file.localeCompare(b.file) || a.titles.join(" › ").localeCompare(b.titles.join(" › ")));
  return { projects, tests, errors: report.errors ?? [] };
}

/**
 * @param {ListedSuite} suite
 * @returns {number[]}
 */
function startLines(suite) {
  return [...(suite.specs ?? []).map((spec) => spec.line), ...(suite.suites ?? []).flatMap((child) => [child.line ?? 0, ...startLines(child)])].filter((line) => line > 0);
}

/** @param {{ projects: string[], tests: Flow[], errors: Array<{ message?: string }> }} flows */
function printBrowserFlows({ projects, tests, errors }) {
  /** @type {(test: Flow, project: string) => boolean} */
  const runsIn = (test, project) => test.listed.has(project) && !test.skipped.has(project) && !test.staticSkip;
  /** @type {string[]} */
  const out = [];
  out.push("## 1. Browser flows", "");
  out.push(
    "Every Playwright test (spec file and title path) and the projects it is listed in, from `npx playwright test --list --reporter=json`",
    "(no browser, no server). A test that leaves itself out of a project at run time (`test.skip(!javaScript, …)` in its body, or",
    "`test.skip(({ javaScriptEnabled }) => …)` in its describe) is listed there but does not run: the script reads that from the",
    "spec's source and marks it `skips`. ✓ = runs, `skips` = listed but skips itself, blank = not listed.",
    "",
  );
  if (errors.length > 0) out.push(`**Playwright reported ${errors.length} error(s) while listing:** ${errors.map((error) => escapeCell(error.message ?? "")).join("; ")}`, "");
  const both = (/** @type {Flow} */ test) => runsIn(test, "js") && runsIn(test, "no-js");
  out.push("| | tests |", "| --- | ---: |");
  out.push(`| distinct tests (file + title path) | ${tests.length} |`);
  for (const project of projects) out.push(`| listed in ${project} | ${count(tests, (test) => test.listed.has(project))} |`);
  for (const project of projects) out.push(`| run in ${project} | ${count(tests, (test) => runsIn(test, project))} |`);
  if (projects.includes("js") && projects.includes("no-js")) {
    out.push(`| run in both js and no-js | ${count(tests, both)} |`);
    out.push(`| run in js only | ${count(tests, (test) => runsIn(test, "js") && !runsIn(test, "no-js"))} |`);
    out.push(`| run in no-js only | ${count(tests, (test) => runsIn(test, "no-js") && !runsIn(test, "js"))} |`);
  }
  out.push(`| test runs in all (tests × projects) | ${tests.reduce((sum, test) => sum + count(projects, (project) => runsIn(test, project)), 0)} |`);
  out.push(`| spec files | ${new Set(tests.map((test) => test.file)).size} |`, "");

  /** @type {string | null} */
  let file = null;
  for (const test of tests) {
    if (test.file !== file) {
      file = test.file;
      out.push("", `### ${file}`, "", `| test | ${projects.join(" | ")} |`, `| --- | ${projects.map(() => ":---:").join(" | ")} |`);
    }
    const cells = projects.map((project) => (!test.listed.has(project) ? "" : runsIn(test, project) ? "✓" : "skips"));
    const note = [...test.skipped].filter((skip) => skip.startsWith("when ")).map((skip) => ` (skips ${skip})`).join("");
    out.push(`| ${escapeCell(test.titles.join(" › "))}${escapeCell(note)} | ${cells.join(" | ")} |`);
  }
  out.push("");
  return out;
}

// ---------------------------------------------------------------------------------------------------------------------
// 2. Pages under axe

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A document number as the product makes them (INV-202611-0005); they differ between runs, as ids do. */
const DOCUMENT_NUMBER = /^[A-Z]{2,5}-\d{6}-\d{3,}$/;
/** Numbers that name a page, not a record: /dev/errors/401. */
const NUMBERED_PAGES_UNDER = new Set(["errors"]);
/** Query values that are numbers but not ids. */
const NUMBERS_NOT_IDS = new Set(["page", "per_page"]);

/**
 * A path with the parts that differ between runs replaced: numeric segments and UUIDs by :id, document numbers by
 * :number; in the query, numeric values and a trailing "-<number>" (confirm=withdraw-notice-1) too. The origin of a
 * full URL is dropped; the query is kept, as it selects a state (?confirm=delete).
 * @param {string} raw
 */
function normalizePagePath(raw) {
  const url = new URL(raw, "http://inventory.invalid");
  const variable = (/** @type {string} */ value) => UUID.test(value) || /^\d+$/.test(value);
  const segments = url.pathname.split("/").map((part, index, parts) => {
    const decoded = decodeURIComponent(part);
    if (variable(decoded) && !NUMBERED_PAGES_UNDER.has(parts[index - 1] ?? "")) return ":id";
    if (DOCUMENT_NUMBER.test(decoded)) return ":number";
    return part;
  });
  const query = [...url.searchParams].map(([name, value]) => {
    if (NUMBERS_NOT_IDS.has(name)) return `${name}=${value}`;
    if (variable(value)) return `${name}=:id`;
    if (DOCUMENT_NUMBER.test(value)) return `${name}=:number`;
    return `${name}=${value.replace(/^([A-Za-z][\w-]*?)-\d+$/, "$1-:id")}`;
  });
  return segments.join("/") + (query.length > 0 ? `?${query.join("&")}` : "");
}

/**
 * Each page state and the projects it was analysed in.
 * @param {string} file
 */
function pagesUnderAxe(file) {
  /** @type {Map<string, Set<string>>} */
  const states = new Map();
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line.trim()) continue;
    const [project, raw] = line.split("\t");
    if (!raw) fail(`${file}: a line is not "<project>\\t<path>": ${line}`);
    const page = normalizePagePath(raw.trim());
    const projects = states.get(page) ?? new Set();
    states.set(page, projects.add((project ?? "").trim()));
  }
  return states;
}

/** @param {string | null} file */
function printPagesUnderAxe(file) {
  const out = ["## 2. Pages under axe", ""];
  out.push(
    "The page states analysed by axe (WCAG 2.1 A/AA): the axe helper (`tests/e2e/axe.ts`), when `AXE_INVENTORY_FILE` is set, appends",
    "`<js|no-js>\\t<path>` for each page it analysed; the specs that call it are run with that variable and the file is given here",
    "with `--axe`. Paths as the tests asked for them (the origin of a full URL dropped), with numeric segments and UUIDs replaced",
    "by `:id` and document numbers by `:number`, in the query too (`payment=:id`, `confirm=withdraw-notice-:id`; not `page`); the",
    "query is kept, as it selects a state (`?confirm=delete`). Codes that do not change between runs (`U-DEMO-NEWHIRE`, dates",
    "chosen by a test) are kept; `/dev/errors/401` is a page, not an id.",
    "",
  );
  if (!file) {
    out.push("_Not measured: no `--axe FILE` given._", "");
    return out;
  }
  const states = pagesUnderAxe(file);
  const projects = [...new Set([...states.values()].flatMap((set) => [...set]))].sort();
  const pages = [...states.keys()].sort();
  const seenIn = (/** @type {string} */ page, /** @type {string} */ project) => states.get(page)?.has(project) ?? false;
  out.push("| | page states |", "| --- | ---: |", `| distinct paths | ${pages.length} |`);
  for (const project of projects) out.push(`| analysed in ${project} | ${count(pages, (page) => seenIn(page, project))} |`);
  if (projects.includes("js") && projects.includes("no-js")) {
    out.push(`| analysed in both js and no-js | ${count(pages, (page) => seenIn(page, "js") && seenIn(page, "no-js"))} |`);
    out.push(`| js only | ${count(pages, (page) => seenIn(page, "js") && !seenIn(page, "no-js"))} |`);
    out.push(`| no-js only | ${count(pages, (page) => seenIn(page, "no-js") && !seenIn(page, "js"))} |`);
  }
  out.push("", `| path | ${projects.join(" | ")} |`, `| --- | ${projects.map(() => ":---:").join(" | ")} |`);
  for (const page of pages) out.push(`| \`${escapeCell(page)}\` | ${projects.map((project) => (seenIn(page, project) ? "✓" : "")).join(" | ")} |`);
  out.push("");
  return out;
}

// ---------------------------------------------------------------------------------------------------------------------
// 3. API endpoints

/** The function that makes the Payment API's router: the routes are what it mounts. */
const ENTRY = "createPaymentApi";
/** The standalone API server's own routes (health and readiness) are the API's too. */
const STANDALONE_SERVER = "api/server.ts";

/**
 * Every `export function NAME(` under api/ (route factories among them), with its file and body.
 * @param {string} root
 */
function functionsOf(root) {
  /** @type {Map<string, FunctionSource>} */
  const functions = new Map();
  for (const file of typescriptFiles(path.join(root, "api"))) {
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(/^export (?:async )?function (\w+)\s*\(/gm)) {
      const name = match[1] ?? "";
      const paramsEnd = closingBracket(source, match.index + match[0].length - 1);
      const open = source.indexOf("{", paramsEnd);
      functions.set(name, { file, name, body: source.slice(open, closingBracket(source, open) + 1), source });
    }
  }
  return functions;
}

/**
 * Resolves a constant array (`const NAME = [...]`) in the file or anywhere in api/ and domain/: its inside.
 * @param {string} root
 * @param {string} source
 * @param {string} name
 */
function constantArray(root, source, name) {
  const pattern = new RegExp(`(?:export )?const ${name}\\s*(?::[^=]+)?=\\s*\\[`);
  for (const text of [source, ...["api", "domain"].flatMap((directory) => typescriptFiles(path.join(root, directory)).map((file) => readFileSync(file, "utf8")))]) {
    const match = pattern.exec(text);
    if (match) {
      const open = match.index + match[0].length - 1;
      return text.slice(open + 1, closingBracket(text, open));
    }
  }
  return null;
}

/**
 * The values `${name}` takes in a route path defined inside `for (const name of [...])` (or a destructured tuple).
 * @param {string} root
 * @param {string} body
 * @param {number} before
 * @param {string} name
 * @param {string} source
 * @returns {string[] | null}
 */
function loopValues(root, body, before, name, source) {
  const loops = [...body.slice(0, before).matchAll(/for \(const (\w+|\[[^\]]*\]) of /g)].reverse();
  for (const loop of loops) {
    const pattern = loop[1] ?? "";
    const position = pattern.startsWith("[") ? elementsOf(pattern.slice(1, -1)).indexOf(name) : pattern === name ? -1 : null;
    if (position === null || (pattern.startsWith("[") && position === -1)) continue;
    const rest = body.slice(loop.index + loop[0].length);
    const inside = rest.startsWith("[") ? rest.slice(1, closingBracket(rest, 0)) : constantArray(root, source, /^\w+/.exec(rest)?.[0] ?? "");
    if (inside === null) return null;
    const values = elementsOf(inside).map((element) => (position === -1 ? element : elementsOf(element.replace(/^\[|\]$/g, ""))[position]));
    if (values.every((value) => /^["'`][^"'`$]*["'`]$/.test(value ?? ""))) return values.map((value) => (value ?? "").slice(1, -1));
    return null;
  }
  return null;
}

/**
 * The routes a router-making body defines and those of the route factories it mounts, with the paths they are mounted on.
 * @param {string} root
 * @param {Map<string, FunctionSource>} functions
 * @param {string} body
 * @param {string} source
 * @param {string} prefixOf
 * @param {Set<string>} seen
 * @returns {Route[]}
 */
function routesIn(root, functions, body, source, prefixOf, seen) {
  const routers = new Set([...body.matchAll(/(?:const|let) (\w+)\s*=\s*(?:express\.)?(?:Router|express)\(/g)].map((match) => match[1]));
  // Local routers mounted on one another: root.use("/api/v1", api).
  const mounts = [...body.matchAll(/\b(\w+)\.use\(\s*(?:(["'`])([^"'`]*)\2\s*,\s*)?(\w+)\s*[,)]/g)].filter((match) => routers.has(match[1] ?? "") && routers.has(match[4] ?? ""));
  /** @type {(router: string, depth?: number) => string} */
  const fullPrefix = (router, depth = 0) => {
    const mount = mounts.find((candidate) => candidate[4] === router);
    return mount && depth < 10 ? fullPrefix(mount[1] ?? "", depth + 1) + (mount[3] ?? "") : "";
  };
  /** @type {Route[]} */
  const routes = [];
  for (const match of body.matchAll(/\b(\w+)\.(get|post|put|patch|delete|all)\(\s*(["'`])/g)) {
    const router = match[1] ?? "";
    if (!routers.has(router)) continue;
    const start = match.index + match[0].length - 1;
    const pathText = literalText(body.slice(start, stringEnd(body, start) + 1));
    if (!pathText.startsWith("/")) continue;
    const prefix = prefixOf + fullPrefix(router);
    const variables = [...pathText.matchAll(/\$\{(\w+)\}/g)].map((variable) => variable[1] ?? "");
    let paths = [pathText];
    for (const variable of new Set(variables)) {
      const values = loopValues(root, body, match.index, variable, source);
      paths = paths.flatMap((text) => (values ? values.map((value) => text.replaceAll("${" + variable + "}", value)) : [text.replaceAll("${" + variable + "}", `:${variable}`)]));
    }
    for (const text of paths) routes.push({ method: (match[2] ?? "").toUpperCase(), path: prefix + text });
  }
  // Route factories mounted here, with or without a path: api.use(documentRoutes(db)), router.use("/x", xRoutes(db)).
  for (const match of body.matchAll(/\b(\w+)\.use\(\s*(?:(["'`])([^"'`]*)\2\s*,\s*)?(\w+)\(/g)) {
    const [, router = "", , mountPath = "", factory = ""] = match;
    const child = functions.get(factory);
    if (!routers.has(router) || !child || seen.has(factory)) continue;
    child.mounted = true;
    const childPrefix = prefixOf + fullPrefix(router) + mountPath;
    for (const route of routesIn(root, functions, child.body, child.source, childPrefix, new Set([...seen, factory]))) routes.push({ ...route, file: route.file ?? child.file });
  }
  return routes;
}

/** @param {string} root */
function apiRoutes(root) {
  const functions = functionsOf(root);
  const entry = functions.get(ENTRY) ?? fail(`${ENTRY} not found under api/: update ENTRY in scripts/test-inventory.mjs`);
  const routes = routesIn(root, functions, entry.body, entry.source, "", new Set([ENTRY])).map((route) => ({ ...route, file: route.file ?? entry.file }));
  const server = path.join(root, STANDALONE_SERVER);
  if (existsSync(server)) {
    const source = readFileSync(server, "utf8");
    routes.push(...routesIn(root, functions, source, source, "", new Set()).map((route) => ({ ...route, file: route.file ?? server })));
  }
  /** @type {Map<string, Route>} */
  const unique = new Map();
  for (const route of routes) unique.set(`${route.method} ${route.path}`, { ...route, file: relative(root, route.file) });
  // A router made under api/ that nothing mounts: either dead code or a mount this reading missed.
  const unmounted = [...functions.values()]
    .filter((candidate) => candidate !== entry && !candidate.mounted && /\b(?:express\.)?Router\(\)/.test(candidate.body))
    .filter((candidate) => routesIn(root, functions, candidate.body, candidate.source, "", new Set([candidate.name])).length > 0)
    .map((candidate) => `${candidate.name} (${relative(root, candidate.file)})`);
  return { routes: [...unique.values()], unmounted };
}

/**
 * The test files `npm run test:api` runs: its arguments are vitest's filters (a file whose path contains one).
 * @param {string} root
 * @returns {Scope}
 */
function apiScope(root) {
  /** @type {string} */
  const script = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts?.["test:api"] ?? fail("package.json has no test:api script");
  const filters = script.split(/\s+/).filter((word) => word && !["vitest", "run", "npx"].includes(word) && !word.startsWith("-"));
  const listed = run(root, "npx", ["vitest", "list", "--filesOnly", ...filters]);
  const files = listed
    .split("\n")
    // With vitest projects each line starts with the project's name in brackets.
    .map((line) => line.trim().replace(/^\[[^\]]*\]\s*/, ""))
    .filter((line) => /\.test\.tsx?$/.test(line))
    .map((line) => relative(root, path.resolve(root, line)));
  return { script, filters, files: [...new Set(files)].sort() };
}

/**
 * Modules under tests/support a file imports, and theirs (tests call the API through them too).
 * @param {string} root
 * @param {string[]} files
 */
function supportModules(root, files) {
  const support = path.join(root, "tests", "support");
  /** @type {Set<string>} */
  const found = new Set();
  const visit = (/** @type {string} */ file) => {
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(/\bfrom\s+["'](\.{1,2}\/[^"']+)["']/g)) {
      const base = path.resolve(path.dirname(file), match[1] ?? "");
      const target = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
      if (target && target.startsWith(support + path.sep) && !found.has(target)) {
        found.add(target);
        visit(target);
      }
    }
  };
  for (const file of files) visit(path.join(root, file));
  return [...found].map((file) => relative(root, file)).sort();
}

/**
 * The API paths a file names: string and template literals that start with "/", with a base address (`${base}/readyz`), or
 * that contain "/api/v1/", with the part up to /api/v1 and the query left off, each `${…}` kept as a placeholder; `"/documents/" + id` counts as `/documents/${}`.
 * Each with whether it sits in a `describe.skipIf(!process.env.TEST_DATABASE_URL)` block (PostgreSQL only) or the opposite.
 * @param {string} source
 * @returns {NamedPath[]}
 */
function pathsNamedIn(source) {
  /** @type {Array<{ start: number, end: number, database: Databases }>} */
  const blocks = [];
  for (const match of source.matchAll(/\b(?:describe|it|test)\.(skipIf|runIf)\(\s*(!?)\s*process\.env\.TEST_DATABASE_URL\s*\)\s*\(/g)) {
    const postgresOnly = (match[1] === "skipIf") === (match[2] === "!");
    const open = match.index + match[0].length - 1;
    blocks.push({ start: match.index, end: closingBracket(source, open), database: postgresOnly ? "PostgreSQL" : "PGlite" });
  }
  /** @type {NamedPath[]} */
  const named = [];
  for (let index = 0; index < source.length; index++) {
    const char = source[index];
    if (char === "/" && source[index + 1] === "/") index = source.indexOf("\n", index) === -1 ? source.length : source.indexOf("\n", index);
    else if (char === "/" && source[index + 1] === "*") index = source.indexOf("*/", index + 2) + 1;
    else if (char === '"' || char === "'" || char === "`") {
      const end = stringEnd(source, index);
      let text = literalText(source.slice(index, end + 1));
      const from = index;
      index = end;
      const prefixed = text.indexOf("/api/v1/");
      if (prefixed !== -1) text = text.slice(prefixed + "/api/v1".length);
      // A base address and a path: `${baseUrl}/readyz`, `http://127.0.0.1:${port}/readyz`.
      else if (/^(\$\{[^}]*\}|https?:\/\/[^/]*)\//.test(text)) text = text.replace(/^(\$\{[^}]*\}|https?:\/\/[^/]*)/, "");
      else if (!text.startsWith("/") || text.startsWith("//")) continue;
      if (/^\s*\+/.test(source.slice(end + 1)) && text.endsWith("/")) text += "${}";
      text = text.replace(/\?.*$/s, "").replace(/#.*$/s, "");
      if (text.length < 2 || /\s/.test(text.replace(/\$\{[^}]*\}/g, ""))) continue;
      const block = blocks.find((candidate) => candidate.start <= from && from <= candidate.end);
      named.push({ path: text, database: block?.database ?? "both" });
    }
  }
  return named;
}

/**
 * Whether a path a test names may be a request to the route: segment by segment, `${…}` standing for anything.
 * @param {string} route
 * @param {string} named
 */
function namesRoute(route, named) {
  const routeSegments = route.split("/").filter(Boolean);
  const namedSegments = named.split("/").filter(Boolean);
  if (routeSegments.length !== namedSegments.length) return false;
  return routeSegments.every((segment, index) => {
    const candidate = namedSegments[index] ?? "";
    if (segment.startsWith(":") || segment === "*") return candidate.length > 0;
    if (!candidate.includes("${")) return candidate === segment;
    // A first segment that is only an expression (`/${resource}`) would name every route: it names none.
    if (index === 0 && /^(\$\{[^}]*\})+$/.test(candidate)) return false;
    const pattern = candidate.split(/\$\{[^}]*\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".*");
    return new RegExp(`^${pattern}$`).test(segment);
  });
}

/** @param {string} root */
function apiEndpoints(root) {
  const { routes, unmounted } = apiRoutes(root);
  const scope = apiScope(root);
  const helpers = supportModules(root, scope.files);
  const sources = [...scope.files.map((file) => ({ file, helper: false })), ...helpers.map((file) => ({ file, helper: true }))].map((entry) => ({
    ...entry,
    named: pathsNamedIn(readFileSync(path.join(root, entry.file), "utf8")),
  }));
  /** @type {Endpoint[]} */
  const endpoints = routes.map((route) => {
    const local = route.path.replace(/^\/api\/v\d+(?=\/)/, "");
    /** @type {Reference[]} */
    const references = [];
    for (const source of sources) {
      const hits = source.named.filter((named) => namesRoute(local, named.path));
      if (hits.length > 0) references.push({ file: source.file, helper: source.helper, databases: new Set(hits.map((hit) => hit.database)) });
    }
    return { ...route, references };
  });
  endpoints.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  return { endpoints, scope, helpers, unmounted };
}

/** @param {{ endpoints: Endpoint[], scope: Scope, helpers: string[], unmounted: string[] }} inventory */
function printApiEndpoints({ endpoints, scope, helpers, unmounted }) {
  const out = ["## 3. API endpoints", ""];
  out.push(
    "Every route of the Payment API, read from the source: the routers `createPaymentApi` (`api/router.ts`) mounts, and the ones",
    "they mount, with each mount's path (`/api/v1`); paths made in a loop (`/reports/${report}`) are expanded from the loop's array;",
    "plus the standalone server's own routes (`api/server.ts`). For each, the test files of the `test:api` scope that name its path:",
    "a string or template literal equal to it segment by segment, a `${…}` standing for any segment or part of one but the",
    "first (`/documents/${invoice.id}/issue` names `/documents/:id/issue`; `/${resource}/export` names nothing), with the base",
    "address (`${base}/readyz`, `http://127.0.0.1:${port}/readyz`), `/api/v1` and the query left off. The method is not",
    "matched: a file naming a path counts for every method on it, so this errs on listing. `helper:` is a module under",
    "tests/support that the scope's files import and that names the path (factories, issued documents). A literal inside a",
    "`describe.skipIf(!process.env.TEST_DATABASE_URL)` block runs on PostgreSQL only and is marked `(PostgreSQL only)`.",
    "",
    `The scope is \`${scope.script}\`: vitest takes its arguments as filters, so it is every test file whose path contains one of`,
    `${scope.filters.map((filter) => `\`${filter}\``).join(", ")} (\`npx vitest list --filesOnly\`): ${scope.files.length} files. \`npx vitest run\` runs them on`,
    "PGlite (`npm test`); `.ci/run` runs them again with `TEST_DATABASE_URL` (PostgreSQL).",
    "",
  );
  if (unmounted.length > 0) out.push(`**Routers under api/ that define routes but that nothing here mounts (not counted):** ${unmounted.join(", ")}.`, "");
  /** @type {(endpoint: Endpoint) => boolean} */
  const direct = (endpoint) => endpoint.references.some((reference) => !reference.helper);
  /** @type {(endpoint: Endpoint, database: Databases) => boolean} */
  const onBoth = (endpoint, database) =>
    endpoint.references.some((reference) => reference.databases.has("both") || reference.databases.has(database));
  out.push("| | endpoints |", "| --- | ---: |");
  out.push(`| endpoints (method + path) | ${endpoints.length} |`);
  out.push(`| named by a test file of the scope | ${count(endpoints, direct)} |`);
  out.push(`| named only by a helper the scope imports | ${count(endpoints, (endpoint) => !direct(endpoint) && endpoint.references.length > 0)} |`);
  out.push(`| named by none (**no test**) | ${count(endpoints, (endpoint) => endpoint.references.length === 0)} |`);
  out.push(`| named where it runs on PGlite | ${count(endpoints, (endpoint) => onBoth(endpoint, "PGlite"))} |`);
  out.push(`| named where it runs on PostgreSQL | ${count(endpoints, (endpoint) => onBoth(endpoint, "PostgreSQL"))} |`);
  out.push(`| test files in the scope | ${scope.files.length} |`);
  out.push(`| helpers they import (tests/support) | ${helpers.length} |`, "");
  out.push("| method | path | test files |", "| --- | --- | --- |");
  for (const endpoint of endpoints) {
    const files = endpoint.references
      .sort((a, b) => Number(a.helper) - Number(b.helper) || a.file.localeCompare(b.file))
      .map((reference) => {
        const only = reference.databases.has("both") || reference.databases.size > 1 ? "" : ` (${[...reference.databases][0]} only)`;
        return `${reference.helper ? "helper:" : ""}${reference.file.replace(/^tests\/api\//, "")}${only}`;
      });
    out.push(`| ${endpoint.method} | \`${escapeCell(endpoint.path)}\` | ${files.length === 0 ? "**no test**" : escapeCell(files.join(", "))} |`);
  }
  out.push("", "File names without a folder are under tests/api/.", "");
  out.push("Test files of the scope:", "", ...scope.files.map((file) => `- ${file}`), "");
  return out;
}

// ---------------------------------------------------------------------------------------------------------------------

const options = parseArguments(process.argv.slice(2));
if (!existsSync(path.join(options.root, "package.json"))) fail(`${options.root} is not the project's checkout`);
const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: options.root, encoding: "utf8" }).stdout.trim();
const dirty = spawnSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: options.root, encoding: "utf8" }).stdout.trim() !== "";

const output = [
  `# Test inventory${commit ? ` at ${commit}${dirty ? " (with uncommitted changes)" : ""}` : ""}`,
  "",
  "Made by `scripts/test-inventory.mjs` (issue 30, decision 041). An inventory, not a proof: each section says how it is",
  "derived, and what a reading of the source cannot see.",
  "",
  ...printBrowserFlows(browserFlows(options.root, options.playwrightList)),
  ...printPagesUnderAxe(options.axe),
  ...printApiEndpoints(apiEndpoints(options.root)),
];
console.log(output.join("\n").replace(/\n{3,}/g, "\n\n").trimEnd());
