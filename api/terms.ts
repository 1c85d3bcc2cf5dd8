import { and, desc, eq, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { Database } from "./db/client";
import { terms } from "./db/schema";

export type TermsRow = typeof terms.$inferSelect;

/**
 * The version in force of the terms matching `where`: the newest already
 * published. A revision dated later is stored ahead of its day and waits for it.
 */
async function currentOf(db: Database, where: SQL | undefined): Promise<TermsRow | null> {
  const [row] = await db
    .select()
    .from(terms)
    .where(and(where, lte(terms.publishedAt, sql`now()`)))
    .orderBy(desc(terms.publishedAt), desc(terms.id))
    .limit(1);
  return row ?? null;
}

/** One version of terms by its id, in force or not. */
export async function termsById(db: Database, id: number): Promise<TermsRow | null> {
  const [found] = await db.select().from(terms).where(eq(terms.id, id)).limit(1);
  return found ?? null;
}

export function currentCookiePolicy(db: Database): Promise<TermsRow | null> {
  return currentOf(db, eq(terms.kind, "cookie"));
}

/** The ID service's (Kokopelli ID) terms. */
export function currentIdTerms(db: Database): Promise<TermsRow | null> {
  return currentOf(db, eq(terms.kind, "id"));
}

/** A product's terms as a bank publishes them: the bank's own version when it has one, else the product's. */
export async function currentProductTermsFor(db: Database, product: string, bankCode: string): Promise<TermsRow | null> {
  return (
    (await currentOf(db, and(eq(terms.kind, "bank"), eq(terms.product, product), eq(terms.bankCode, bankCode)))) ??
    (await currentOf(db, and(eq(terms.kind, "product"), eq(terms.product, product), isNull(terms.bankCode))))
  );
}
