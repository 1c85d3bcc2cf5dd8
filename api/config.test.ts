import { describe, expect, it } from "vitest";
import { readApiConfig } from "./config";

/** The NTA settings read from these variables alone. */
const ntaOf = (env: Record<string, string>) => readApiConfig(env as NodeJS.ProcessEnv).nta;

describe("readApiConfig: how registration numbers are verified", () => {
  it("leaves the mode open without settings: the sandbox's stand-in or offline, decided by who starts the API", () => {
    expect(ntaOf({})).toEqual({ mode: null, baseUrl: null, applicationId: null, timeoutMs: 5000 });
  });

  it("asks the Web-API when its address is set", () => {
    const env = { NTA_API_BASE_URL: "https://web-api.invoice-kohyo.nta.go.jp", NTA_APPLICATION_ID: "app-id", NTA_TIMEOUT_MS: "3000" };
    expect(ntaOf(env)).toEqual({ mode: "api", baseUrl: "https://web-api.invoice-kohyo.nta.go.jp", applicationId: "app-id", timeoutMs: 3000 });
  });

  it("stays offline when told, whatever else is set", () => {
    expect(ntaOf({ NTA_MODE: "offline", NTA_API_BASE_URL: "https://web-api.invoice-kohyo.nta.go.jp" }).mode).toBe("offline");
  });

  it.each([
    ["the Web-API without an application id", { NTA_API_BASE_URL: "https://web-api.invoice-kohyo.nta.go.jp" }],
    ["the Web-API without an address", { NTA_MODE: "api", NTA_APPLICATION_ID: "app-id" }],
    ["an unknown mode", { NTA_MODE: "sometimes" }],
  ])("refuses %s", (_name, env) => {
    expect(() => ntaOf(env)).toThrow(/Invalid Payment API configuration/);
  });
});

describe("readApiConfig: the Peppol access point (decision 045)", () => {
  const peppolOf = (env: Record<string, string>) => readApiConfig(env as NodeJS.ProcessEnv).peppol;

  it("defaults to the sandbox's stand-in in this process, with its token", () => {
    expect(peppolOf({ PORT: "3210" })).toEqual({ baseUrl: "http://127.0.0.1:3210/sandbox/peppol", token: "sandbox-peppol-token", timeoutMs: 30_000 });
  });

  it("uses the configured access point with its credentials, and refuses one without them", () => {
    expect(peppolOf({ PEPPOL_AP_URL: "https://ap.bank.example/api/v1/", PEPPOL_AP_TOKEN: "secret", PEPPOL_AP_TIMEOUT_MS: "5000" })).toEqual({ baseUrl: "https://ap.bank.example/api/v1", token: "secret", timeoutMs: 5000 });
    expect(() => peppolOf({ PEPPOL_AP_URL: "https://ap.bank.example/api/v1" })).toThrow(/PEPPOL_AP_URL needs PEPPOL_AP_TOKEN/);
  });
});
