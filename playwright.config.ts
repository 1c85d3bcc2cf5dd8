import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS as launchOptions } from "./scripts/chromium-path.mjs";

const PORT = Number(process.env.E2E_PORT ?? 3210);

// A fresh embedded database per run; Playwright's workers inherit the variable, so it is made once.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "chohyo-e2e-data-"));

/** The server under test: the production build, with the layout and error samples enabled. */
export const e2eServerEnv = {
  PORT: String(PORT),
  HOST: "127.0.0.1",
  NODE_ENV: "production",
  SESSION_SECRET: "e2e-session-secret",
  COOKIE_SECURE: "false",
  ENABLE_DEV_ROUTES: "true",
  LOG_LEVEL: "warn",
  DATA_DIR: process.env.E2E_DATA_DIR!,
  // The address the browser uses: the sandbox identity providers and the callback derive from it.
  PUBLIC_URL: `http://127.0.0.1:${PORT}`,
  // Every test signs in from the same address, far more often than a person would.
  RATE_LIMIT_SIGN_IN_PER_10_MINUTES: "10000",
};

// Test code signs session cookies with the server's secret.
Object.assign(process.env, { SESSION_SECRET: e2eServerEnv.SESSION_SECRET, COOKIE_SECURE: "false" });

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // A test that passes only when repeated is a bug to fix (issue 30), not to retry.
  retries: 0,
  reporter: [["list"]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    launchOptions,
    trace: "off",
  },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: true } },
    // Without JavaScript, only what can behave differently runs again: forms, confirmations, navigation (tests tagged
    // @both). A test that only reads a page the server rendered sees the same markup either way; the axe walk analyses
    // each page's markup without JavaScript from the js project (tests/e2e/axe.ts).
    { name: "no-js", grep: /@both/, use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node dist/server.js",
    url: `http://127.0.0.1:${PORT}/healthz`,
    env: e2eServerEnv,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
