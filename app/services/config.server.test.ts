import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { backChannelUrl, readConfig } from "./config.server";

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

describe("the server's own requests to the sandbox's providers", () => {
  const env = { NODE_ENV: "production" as const, SESSION_SECRET: "s", PORT: "3112", PUBLIC_URL: "https://chohyo.bank.example:8443" };

  it("go over loopback: behind a proxy the server may not resolve PUBLIC_URL's name", () => {
    const config = readConfig(env);
    expect(config.oidc.issuers.default).toBe("https://chohyo.bank.example:8443/sandbox/idp/default");
    expect(backChannelUrl(config, "https://chohyo.bank.example:8443/sandbox/idp/default/token")).toBe("http://127.0.0.1:3112/sandbox/idp/default/token");
    expect(backChannelUrl(config, "https://chohyo.bank.example:8443/callback")).toBe("https://chohyo.bank.example:8443/callback");
  });

  it("leave a bank's provider's addresses alone", () => {
    const config = readConfig({ ...env, OIDC_ISSUER: "https://chohyo.bank.example:8443/sandbox/idp/default", OIDC_CLIENT_SECRET: "s" });
    expect(backChannelUrl(config, "https://chohyo.bank.example:8443/sandbox/idp/default/token")).toBe("https://chohyo.bank.example:8443/sandbox/idp/default/token");
  });
});
