import { eq, lt, sql } from "drizzle-orm";
import type { ClientRateLimitInfo, Options, Store } from "express-rate-limit";
import type { Database } from "./db/client";
import { rateLimitHits } from "./db/schema";

/** Windows older than this are swept now and then; no limit here is longer than an hour. */
const KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * express-rate-limit's counters in the database, so every instance behind
 * the bank's load balancer counts the same hits: one atomic upsert per hit,
 * on PostgreSQL and PGlite alike. A key's window starts at its first hit
 * (as express-rate-limit's own memory store does), so a burst is never split
 * across two windows by the clock.
 */
export class DatabaseRateLimitStore implements Store {
  windowMs = 60_000;
  readonly localKeys = false;

  constructor(
    private readonly db: Database,
    readonly prefix: string,
  ) {}

  init(options: Options) {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const now = new Date();
    const ended = sql`${rateLimitHits.windowStart} <= ${new Date(now.getTime() - this.windowMs)}`;
    const [row] = await this.db
      .insert(rateLimitHits)
      .values({ key: `${this.prefix}${key}`, windowStart: now, hits: 1 })
      .onConflictDoUpdate({
        target: rateLimitHits.key,
        set: {
          hits: sql`case when ${ended} then 1 else ${rateLimitHits.hits} + 1 end`,
          windowStart: sql`case when ${ended} then ${now} else ${rateLimitHits.windowStart} end`,
        },
      })
      .returning({ hits: rateLimitHits.hits, windowStart: rateLimitHits.windowStart });
    if (Math.random() < 0.01) await this.db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, new Date(now.getTime() - KEEP_MS)));
    return { totalHits: row!.hits, resetTime: new Date(row!.windowStart.getTime() + this.windowMs) };
  }

  async decrement(key: string): Promise<void> {
    await this.db
      .update(rateLimitHits)
      .set({ hits: sql`greatest(${rateLimitHits.hits} - 1, 0)` })
      .where(eq(rateLimitHits.key, `${this.prefix}${key}`));
  }

  async resetKey(key: string): Promise<void> {
    await this.db.delete(rateLimitHits).where(eq(rateLimitHits.key, `${this.prefix}${key}`));
  }
}
