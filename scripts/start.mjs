// `npm start`: builds when the build is missing or older than the sources, then serves.
import { spawn } from "node:child_process";
import { buildIfNeeded } from "./build-if-needed.mjs";
import { heapLimitFlags } from "./heap-limit.mjs";

// `--api` serves the Payment API alone (npm run start:api).
const entry = process.argv.includes("--api") ? "dist/api-server.js" : "dist/server.js";

const buildStatus = buildIfNeeded();
if (buildStatus !== 0) process.exit(buildStatus);

// What a bank tries first is what it runs: production (no stack traces, no /dev pages) unless told otherwise (`npm run dev`).
const server = spawn(process.execPath, [...heapLimitFlags(), entry], { stdio: "inherit", env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production" } });
// A stop request to this wrapper (a process manager's SIGTERM) must reach the server for its graceful shutdown.
for (const signal of /** @type {const} */ (["SIGTERM", "SIGINT"])) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
