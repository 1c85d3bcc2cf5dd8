import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** Files that set the web app's configuration from the environment, which the app reads once per process. */
const READS_APP_CONFIG = ["tests/api/admin-banks.test.ts"];

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "@domain": fileURLToPath(new URL("./domain", import.meta.url)),
    },
  },
  esbuild: { jsx: "automatic" },
  test: {
    environment: "node",
    // Migrates the test database once per run; each file's database is a copy (tests/support/database.ts).
    globalSetup: ["tests/support/global-setup.ts"],
    env: { SESSION_SECRET: "test-session-secret", COOKIE_SECURE: "false", LOG_LEVEL: "silent" },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "rules and API",
          include: ["domain/**/*.test.ts", "api/**/*.test.ts", "tests/api/**/*.test.ts"],
          exclude: READS_APP_CONFIG,
          // The rules and the Payment API keep no state between files beyond each file's own database and server, so a
          // worker keeps the modules it has loaded: importing them again for every file was most of this part's time.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "web app and servers",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/{server,app}/**/*.test.{ts,tsx}", ...READS_APP_CONFIG],
        },
      },
    ],
  },
});
