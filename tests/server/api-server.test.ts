import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { copyMigratedDataDir } from "../support/database";
import { freePort } from "../support/server-process";

describe("npm run start:api", () => {
  it("serves the Payment API alone on its own port and stops on SIGTERM", async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), "chohyo-api-data-"));
    await copyMigratedDataDir(dataDir);
    const child = spawn(process.execPath, ["dist/api-server.js"], {
      env: { PATH: process.env.PATH, NODE_ENV: "production", API_PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      stdio: ["ignore", "ignore", "ignore"],
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    try {
      const base = `http://127.0.0.1:${port}`;
      // The database is migrated already (a copy of the run's); a start still takes seconds alone, much longer on two busy cores.
      const deadline = Date.now() + 50_000;
      for (;;) {
        const ok = await fetch(`${base}/readyz`).then((r) => r.ok, () => false);
        if (ok) break;
        if (Date.now() > deadline) throw new Error("the API server did not become ready");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const response = await fetch(`${base}/api/v1/constants`);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: "unauthorized" });
    } finally {
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
