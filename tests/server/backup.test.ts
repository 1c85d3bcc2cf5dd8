import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { CONTROL_FILE } from "../../api/backup/control";
import { LAST_MIGRATION } from "../support/postgres-server";
import { startBuiltServer, type RunningServer } from "../support/server-process";

/**
 * The built server's embedded backups (issue 34, ADR 039): `db:backup` asks the running server over its
 * loopback channel, requests wait only a moment meanwhile, nothing is answered over HTTP, and the restored
 * folder starts.
 */
const run = promisify(execFile);
const folder = mkdtempSync(path.join(tmpdir(), "chohyo-backup-server-"));
const dataDir = path.join(folder, "data");
const backupDir = path.join(folder, "backups");
const archive = path.join(backupDir, "on-demand.tar");
const servers: RunningServer[] = [];
/** A command's environment: the configuration names only the folder. */
const withDataDir = (dir: string) => ({ env: { PATH: process.env.PATH, NODE_ENV: "production" as const, DATA_DIR: dir } });

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(folder, { recursive: true, force: true });
});

/** Latencies of /readyz (a database query) asked one after another until `until` settles. */
async function latenciesWhile(baseUrl: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const latencies: number[] = [];
  while (!done) {
    const started = performance.now();
    expect((await fetch(`${baseUrl}/readyz`)).status).toBe(200);
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return latencies;
}

describe("backups of the embedded database by the running server", () => {
  it("writes one on demand while requests go on, never serves it, and the restored folder starts", async () => {
    const server = await startBuiltServer({ DATA_DIR: dataDir, BACKUP_DIR: backupDir, BACKUP_TIME: "03:00", BACKUP_KEEP: "3" });
    servers.push(server);
    expect(existsSync(path.join(dataDir, CONTROL_FILE))).toBe(true);

    const baseline = await latenciesWhile(server.baseUrl, new Promise((resolve) => setTimeout(resolve, 1_000)));
    const backupStarted = performance.now();
    const backup = run(process.execPath, ["dist/db-backup.js", "--to", archive], withDataDir(dataDir));
    const during = await latenciesWhile(server.baseUrl, backup);
    const { stdout } = await backup;
    const backupMs = performance.now() - backupStarted;
    const held = Number(/requests waited (\d+) ms/.exec(stdout)?.[1]);
    console.log(`/readyz during the backup: ${during.length} requests, slowest ${Math.round(Math.max(...during))} ms (before it: ${Math.round(Math.max(...baseline))} ms); the server reports ${held} ms held of the backup's ${Math.round(backupMs)} ms`);
    expect(stdout).toContain("by the running server");
    // Requests wait for the copy of the data folder only, not for the compression, hashing and writing after it. Both
    // are shares of the same run, so the bound holds on a busy machine too.
    expect(held).toBeLessThan(backupMs / 2);
    expect(Math.max(...during)).toBeLessThan(held + backupMs / 2);

    const manifest = JSON.parse((await run("tar", ["-xOf", archive, "manifest.json"])).stdout);
    expect(manifest).toMatchObject({ engine: "pglite", schema: { lastMigration: LAST_MIGRATION } });
    expect(manifest.installation.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(manifest.tables["public.companies"]).toBeGreaterThan(0);

    for (const where of ["/on-demand.tar", "/backups/on-demand.tar", `/${path.relative(folder, archive)}`, "/data/backup-control.json", "/backup-control.json"]) {
      expect((await fetch(`${server.baseUrl}${where}`)).status, where).toBe(404);
    }

    await server.stop();
    expect(existsSync(path.join(dataDir, CONTROL_FILE))).toBe(false);
    const restoredDir = path.join(folder, "restored");
    const restore = await run(process.execPath, ["dist/db-restore.js", archive], withDataDir(restoredDir));
    expect(restore.stdout).toContain(`Installation ${manifest.installation.id}`);
    expect(restore.stdout).toMatch(/Checked against the manifest: \d+ tables with [\d,]+ rows; \d+ files byte for byte/);
    // Restoring again over it is refused without --force.
    await expect(run(process.execPath, ["dist/db-restore.js", archive], withDataDir(restoredDir))).rejects.toThrow(/is not empty/);

    const again = await startBuiltServer({ DATA_DIR: restoredDir });
    servers.push(again);
    expect((await fetch(`${again.baseUrl}/readyz`)).status).toBe(200);
    expect(again.output()).toContain("schema already current");
    expect(again.output()).not.toContain("sandbox demo data created");
  }, 120_000);

  it("refuses to start with BACKUP_DIR under the folder it serves", async () => {
    const publicBackups = path.resolve("public", "backups-test");
    await expect(startBuiltServer({ DATA_DIR: path.join(folder, "refused"), BACKUP_DIR: publicBackups })).rejects.toThrow(/never written under/);
    expect(existsSync(publicBackups)).toBe(false);
  }, 60_000);
});
