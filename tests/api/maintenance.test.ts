import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/api";

const window = { start: "2026-11-22T01:00:00+09:00", end: "2026-11-22T05:00:00+09:00" };
let now = new Date("2026-11-22T02:00:00+09:00");
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ maintenance: window, now: () => now });
});

afterAll(async () => {
  await api?.close();
});

describe("maintenance window", () => {
  it("answers 503 with the window on every endpoint, even without a token", async () => {
    for (const [path, as] of [["/constants", "owner"], ["/user_service/me", null], ["/no-such-endpoint", "owner"]] as const) {
      const response = await api.call(path, { as });
      expect(response.status, path).toBe(503);
      expect(await response.json()).toEqual({ status: "maintenance", scope: "chohyo", ...window });
    }
  });

  it("serves again once the window is over", async () => {
    now = new Date("2026-11-22T05:00:00+09:00");
    expect((await api.call("/constants")).status).toBe(200);
  });
});
