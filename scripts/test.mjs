// `npm test`: every check, in the order a failure is cheapest to learn about.
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { ensureChromium } from "./ensure-chromium.mjs";
import { ensureNginx } from "./ensure-nginx.mjs";

/** @type {Array<[string, string, string[]]>} */
const steps = [
  ["typecheck", "npm", ["run", "--silent", "typecheck"]],
  ["lint", "npm", ["run", "--silent", "lint"]],
  ["build", "npm", ["run", "--silent", "build"]],
  ["unit and integration tests", "npx", ["vitest", "run"]],
  ["end-to-end tests (JavaScript on and off)", "npx", ["playwright", "test"]],
];

/** @type {Array<[string, number]>} */
const timings = [];
/** Each phase's time, so a slower suite shows where it grew (issue 30). */
function printTimings() {
  const width = Math.max(...timings.map(([label]) => label.length));
  console.log("\n| phase | seconds |\n| --- | ---: |");
  for (const [label, seconds] of timings) console.log(`| ${label.padEnd(width)} | ${seconds.toFixed(0).padStart(5)} |`);
  console.log(`| ${"total".padEnd(width)} | ${timings.reduce((sum, [, seconds]) => sum + seconds, 0).toFixed(0).padStart(5)} |`);
}

/**
 * @template T
 * @param {string} label
 * @param {() => T} run
 * @returns {T}
 */
function timed(label, run) {
  const started = performance.now();
  const result = run();
  timings.push([label, (performance.now() - started) / 1000]);
  return result;
}

timed("browser and proxy (install if missing)", () => {
  ensureChromium();
  ensureNginx();
});
for (const [label, command, args] of steps) {
  console.log(`\n=== ${label} ===`);
  const result = timed(label, () => spawnSync(command, args, { stdio: "inherit" }));
  if (result.status !== 0) {
    console.error(`\n${label} failed.`);
    printTimings();
    process.exit(result.status ?? 1);
  }
}
printTimings();
console.log("\nAll checks passed.");
