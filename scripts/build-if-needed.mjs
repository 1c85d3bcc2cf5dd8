// What `npm start` and `npm run screenshots` share: building when the build is missing or older than the sources.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

// sandbox/ is bundled into the server too: its demo data is what a first start seeds.
const SOURCES = ["app", "server", "api", "domain", "sandbox", "server.ts", "remix.config.js", "package.json"];
const OUTPUTS = ["build/index.js", "dist/server.js", "dist/api-server.js", "dist/pdf-worker.js"];

/** @param {string} entry @returns {number} */
function newestMtime(entry) {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), 0);
}

function buildIsCurrent() {
  if (!OUTPUTS.every((output) => existsSync(output))) return false;
  const built = Math.min(...OUTPUTS.map((output) => statSync(output).mtimeMs));
  const changed = Math.max(...SOURCES.filter((source) => existsSync(source)).map(newestMtime));
  return built >= changed;
}

/** Runs `npm run build` in the current folder unless the build is current; the build's exit status (0 when none was needed). */
export function buildIfNeeded() {
  if (buildIsCurrent()) return 0;
  console.log("Building…");
  return spawnSync("npm", ["run", "--silent", "build"], { stdio: "inherit" }).status ?? 1;
}
