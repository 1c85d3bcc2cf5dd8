// `npm test`: every check, in the order a failure is cheapest to learn about.
import { Buffer } from "node:buffer";
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import { ensureChromium } from "./ensure-chromium.mjs";
import { ensureNginx } from "./ensure-nginx.mjs";

/** @typedef {[string, string, string[], Record<string, string>?]} Step */
/** @type {Step} */
const vitest = ["unit and integration tests", "npx", ["vitest", "run"]];
/** @type {Step} */
const endToEnd = ["end-to-end tests", "npx", ["playwright", "test"]];
// CI passes its PostgreSQL server: the data and API tests run once more there, a fresh database per test file.
const postgresUrl = process.env.TEST_POSTGRES_URL;
/** @type {Step[]} */
const postgresPass = postgresUrl ? [["data and API tests on PostgreSQL", "npm", ["run", "--silent", "test:api"], { TEST_DATABASE_URL: postgresUrl }]] : [];
/**
 * Each stage's lanes run at once, each lane's steps one after another; later stages need the earlier ones. Typecheck and
 * lint each keep one core busy, so on CI's two cores they take the time of the slower one. vitest runs one file at a
 * time and waits much of it on child servers, PGlite's thread and timers, so beside it run the PostgreSQL pass (mostly
 * the database server's time) and then the browser tests, which need only the build (decision 041).
 * @type {Array<Step[][]>}
 */
const stages = [
  [[["typecheck", "npm", ["run", "--silent", "typecheck"]]], [["lint", "npm", ["run", "--silent", "lint"]]]],
  [[["build", "npm", ["run", "--silent", "build"]]]],
  [[vitest], [...postgresPass, endToEnd]],
];

/** @type {Array<[string, number]>} */
const timings = [];
/**
 * Each phase's time, so a slower suite shows where it grew (issue 30). Steps that ran at once are marked.
 * @param {number} wall
 */
function printTimings(wall) {
  const width = Math.max(...timings.map(([label]) => label.length), "total (wall clock)".length);
  console.log("\n| phase | seconds |\n| --- | ---: |");
  for (const [label, seconds] of timings) console.log(`| ${label.padEnd(width)} | ${seconds.toFixed(0).padStart(5)} |`);
  console.log(`| ${"total (wall clock)".padEnd(width)} | ${wall.toFixed(0).padStart(5)} |`);
}

/**
 * @param {string} label
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string> | undefined} env
 * @param {boolean} together whether other steps run beside it (its output is then held until it ends, so logs do not interleave)
 * @returns {Promise<number>}
 */
function run(label, command, args, env, together) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: together ? ["ignore", "pipe", "pipe"] : "inherit" });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) => {
      timings.push([together ? `${label} (beside others)` : label, (performance.now() - started) / 1000]);
      if (together) {
        console.log(`\n=== ${label} ===`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(code ?? 1);
    });
  });
}

const started = performance.now();
const installing = performance.now();
ensureChromium();
ensureNginx();
timings.push(["browser and proxy (install if missing)", (performance.now() - installing) / 1000]);
for (const stage of stages) {
  const together = stage.length > 1;
  if (!together) console.log(`\n=== ${stage.flat().map(([label]) => label).join(", ")} ===`);
  /** @type {string[]} */
  const failed = [];
  const codes = await Promise.all(
    stage.map(async (lane) => {
      for (const [label, command, args, env] of lane) {
        const code = await run(label, command, args, env, together);
        if (code !== 0) {
          failed.push(label);
          return code;
        }
      }
      return 0;
    }),
  );
  if (failed.length > 0) {
    console.error(`\n${failed.join(", ")} failed.`);
    printTimings((performance.now() - started) / 1000);
    process.exit(codes.find((code) => code !== 0));
  }
}
printTimings((performance.now() - started) / 1000);
console.log("\nAll checks passed.");
