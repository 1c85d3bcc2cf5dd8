import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readConfig } from "./config.server";

const folders: string[] = [];
const dataDir = () => {
  const folder = mkdtempSync(path.join(tmpdir(), "chohyo-config-"));
  folders.push(folder);
  return folder;
};

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("the session secret", () => {
  it("is made at random once outside production and kept in the data folder, readable only by the server", () => {
    const folder = dataDir();
    const first = readConfig({ NODE_ENV: "development", DATA_DIR: folder }).sessionSecrets;
    expect(first).toHaveLength(1);
    expect(first[0]!.length).toBeGreaterThanOrEqual(40);
    expect(readConfig({ NODE_ENV: "development", DATA_DIR: folder }).sessionSecrets).toEqual(first);
    expect(statSync(path.join(folder, "session-secret")).mode & 0o777).toBe(0o600);
    expect(readConfig({ NODE_ENV: "development", DATA_DIR: dataDir() }).sessionSecrets).not.toEqual(first);
  });

  it("is SESSION_SECRET when set (several, comma-separated, for rotation)", () => {
    expect(readConfig({ NODE_ENV: "development", DATA_DIR: dataDir(), SESSION_SECRET: "new-secret, old-secret" }).sessionSecrets).toEqual(["new-secret", "old-secret"]);
  });

  it("must be set in production with the bank's identity provider; a trial on the sandbox's keeps its own", () => {
    expect(() => readConfig({ NODE_ENV: "production", DATA_DIR: dataDir(), OIDC_ISSUER: "https://idp.bank.example", OIDC_CLIENT_SECRET: "s" })).toThrow(
      "SESSION_SECRET must be set in production",
    );
    const trial = readConfig({ NODE_ENV: "production", DATA_DIR: dataDir() });
    expect(trial.sessionSecretSource).toBe("data-dir");
    expect(trial.sessionSecrets[0]!.length).toBeGreaterThanOrEqual(40);
  });
});
