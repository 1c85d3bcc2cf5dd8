import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, type RunningServer } from "../support/server-process";

let server: RunningServer;

beforeAll(async () => {
  server = await startBuiltServer({ RATE_LIMIT_SIGN_IN_PER_10_MINUTES: "3", RATE_LIMIT_VIEW_PDF_PER_MINUTE: "2" });
});

afterAll(async () => {
  await server?.stop();
});

const startSignIn = () =>
  fetch(`${server.baseUrl}/bamidp/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
    body: new URLSearchParams({ redirectTo: "/top" }),
  });

describe("rate limits per client address", () => {
  it("lets sign-in start as often as the limit says, then answers 429 with a Japanese page and when to retry", async () => {
    for (let n = 0; n < 3; n += 1) expect((await startSignIn()).status).toBe(302);
    const refused = await startSignIn();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("ratelimit-policy")).toContain("3;w=600");
    expect(await refused.text()).toContain("短い時間にアクセスが集中しました。");
    // The callback counts against the same limit.
    expect((await fetch(`${server.baseUrl}/callback?code=x&state=y`, { redirect: "manual" })).status).toBe(429);
    // Other pages are not limited.
    expect((await fetch(`${server.baseUrl}/bamidp/login`)).status).toBe(200);
  });

  it("limits the recipients' link page", async () => {
    const statuses = [];
    for (let n = 0; n < 3; n += 1) statuses.push((await fetch(`${server.baseUrl}/view-pdf?token=forged`)).status);
    expect(statuses.slice(0, 2).every((status) => status !== 429)).toBe(true);
    expect(statuses[2]).toBe(429);
  });

  it("limits the API behind the link page alike, answering in the API's own shape", async () => {
    const statuses = [];
    for (let n = 0; n < 2; n += 1) statuses.push((await fetch(`${server.baseUrl}/payment-api/api/v1/public/mails/forged`)).status);
    expect(statuses.every((status) => status !== 429)).toBe(true);
    const refused = await fetch(`${server.baseUrl}/payment-api/api/v1/public/mails/forged/pdf`);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ code: "too_many_requests", message: "短い時間にアクセスが集中しました。数分待ってから、もう一度お試しください。" });
  });
});
