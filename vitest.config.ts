import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "@domain": fileURLToPath(new URL("./domain", import.meta.url)),
    },
  },
  esbuild: { jsx: "automatic" },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "domain/**/*.test.ts", "server/**/*.test.ts", "api/**/*.test.ts", "tests/{server,app,api}/**/*.test.{ts,tsx}"],
    environment: "node",
    // Migrates the test database once per run; each file's database is a copy (tests/support/database.ts).
    globalSetup: ["tests/support/global-setup.ts"],
    env: { SESSION_SECRET: "test-session-secret", COOKIE_SECURE: "false", LOG_LEVEL: "silent" },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
