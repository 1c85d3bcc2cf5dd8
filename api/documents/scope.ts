import { and, eq, sql, type SQL } from "drizzle-orm";
import { documents } from "../db/schema";

/**
 * Which issued documents a caller may read and change: the company's, and,
 * for a company user limited to their own (reference_id 2, decision 024),
 * only those they created. requireDocumentScope (api/membership.ts) decides;
 * every read of documents asks inScope, so the rule is written once.
 */
export type DocumentScope = { tenant: string; createdBy: string | null };

/** Every document of the company: for work the company does itself (the mail worker), after the caller's scope was checked. */
export const wholeCompany = (tenant: string): DocumentScope => ({ tenant, createdBy: null });

/** The condition a document must meet to be in the scope. */
export function inScope(scope: DocumentScope): SQL {
  return and(eq(documents.companyUniqueCode, scope.tenant), scope.createdBy === null ? undefined : eq(documents.createdBy, scope.createdBy))!;
}

/** How far a scope reaches: what a prepared statement is made for, once each way. */
export type Reach = "company" | "own";

export const reachOf = (scope: DocumentScope): Reach => (scope.createdBy === null ? "company" : "own");

/** inScope for a prepared statement: its values are the placeholders `tenant` and, reaching only the caller's own, `createdBy` (scopeValues). */
export function inScopePlaceholders(reach: Reach): SQL {
  return and(eq(documents.companyUniqueCode, sql.placeholder("tenant")), reach === "own" ? eq(documents.createdBy, sql.placeholder("createdBy")) : undefined)!;
}

export const scopeValues = (scope: DocumentScope) => ({ tenant: scope.tenant, createdBy: scope.createdBy });
