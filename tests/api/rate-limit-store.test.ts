import { describe, expect, it } from "vitest";
import { DatabaseRateLimitStore } from "../../api/rate-limit-store";
import { useTenantTestApi } from "../support/api";
import type { Options } from "express-rate-limit";

const api = useTenantTestApi();

const storeOf = (prefix: string, windowMs = 60_000) => {
  const store = new DatabaseRateLimitStore(api.database.db, prefix);
  store.init({ windowMs } as Options);
  return store;
};

describe("rate limit counters in the database", () => {
  it("counts every hit exactly once under 100 concurrent hits, as instances sharing the database would", async () => {
    const first = storeOf("test:");
    const second = storeOf("test:");
    const hits = await Promise.all(Array.from({ length: 100 }, (_, n) => (n % 2 ? first : second).increment("10.0.0.1")));
    expect(hits.map((hit) => hit.totalHits).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, n) => n + 1));
    const resets = new Set(hits.map((hit) => hit.resetTime!.getTime()));
    expect(resets.size).toBe(1);
  });

  it("starts a key's next window at its first hit after the last one ended", async () => {
    const store = storeOf("short:", 50);
    expect((await store.increment("x")).totalHits).toBe(1);
    expect((await store.increment("x")).totalHits).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 80));
    const next = await store.increment("x");
    expect(next.totalHits).toBe(1);
    expect(next.resetTime!.getTime()).toBeGreaterThan(Date.now());
  });

  it("keeps keys and prefixes apart, and forgets a key on reset", async () => {
    const store = storeOf("other:");
    expect((await store.increment("a")).totalHits).toBe(1);
    expect((await store.increment("b")).totalHits).toBe(1);
    expect((await storeOf("third:").increment("a")).totalHits).toBe(1);
    await store.decrement("a");
    expect((await store.increment("a")).totalHits).toBe(1);
    await store.resetKey("b");
    expect((await store.increment("b")).totalHits).toBe(1);
  });
});
