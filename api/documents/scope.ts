import { and, eq, type SQL } from "drizzle-orm";
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
