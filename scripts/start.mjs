// `npm start`: builds when the build is missing or older than the sources, then serves.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { heapLimitFlags } from "./heap-limit.mjs";

const SOURCES = ["app", "server", "api", "domain", "server.ts", "remix.config.js", "package.json"];
const OUTPUTS = ["build/index.js", "dist/server.js", "dist/api-server.js", "dist/pdf-worker.js"];
// `--api` serves the Payment API alone (npm run start:api).
const entry = process.argv.includes("--api") ? "dist/api-server.js" : "dist/server.js";

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

if (!buildIsCurrent()) {
  console.log("Building…");
  const result = spawnSync("npm", ["run", "--silent", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// What a bank tries first is what it runs: production (no stack traces, no /dev pages) unless told otherwise (`npm run dev`).
const server = spawn(process.execPath, [...heapLimitFlags(), entry], { stdio: "inherit", env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production" } });
// A stop request to this wrapper (a process manager's SIGTERM) must reach the server for its graceful shutdown.
for (const signal of /** @type {const} */ (["SIGTERM", "SIGINT"])) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
