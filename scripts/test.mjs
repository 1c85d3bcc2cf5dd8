// `npm test`: every check, in the order a failure is cheapest to learn about.
import { spawnSync } from "node:child_process";
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

ensureChromium();
ensureNginx();
for (const [label, command, args] of steps) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`\n${label} failed.`);
    process.exit(result.status ?? 1);
  }
}
console.log("\nAll checks passed.");
