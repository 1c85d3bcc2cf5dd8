import { and, eq } from "drizzle-orm";
import type { DocumentInput } from "../../domain/document-input";
import type { DocumentKind } from "../../domain/document-kinds";
import { INITIAL_STATUS, type ORIGINS } from "../../domain/documents";
import type { Database } from "../db/client";
import { companies, documents } from "../db/schema";
import { conflict, violatesUniqueIndex } from "../errors";
import { recordHistory } from "./lifecycle";
import type { DocumentRow } from "./presenters";
import { inScope, type DocumentScope } from "./scope";
import type { Actor } from "./snapshots";
import { allocateNumber, checkReferences, companyRulesOf, documentColumnsOf, savedCustomerId, sourceOf, totalsOf, writeLines } from "./store";

export type CreateRequest = {
  kind: DocumentKind;
  input: DocumentInput;
  /** The create form's one-time key: a repeated submit of the same form finds the first document. */
  idempotencyKey: string | null;
  sourceDocumentId: number | null;
  origin: (typeof ORIGINS)[number] | null;
};

/** The company's tax type (SPEC §5), which a body without one takes; null before the company has a profile. */
export async function companyTaxTypeOf(db: Database, tenant: string): Promise<number | null> {
  const [company] = await db.select({ taxId: companies.taxId }).from(companies).where(eq(companies.companyUniqueCode, tenant)).limit(1);
  return company?.taxId ?? null;
}

async function byIdempotencyKey(db: Database, scope: DocumentScope, key: string | null): Promise<DocumentRow | null> {
  if (!key) return null;
  const [row] = await db
    .select()
    .from(documents)
    .where(and(inScope(scope), eq(documents.idempotencyKey, key)));
  return row ?? null;
}

/**
 * Makes a draft: references checked, the company's rounding rules frozen into it, its number taken from
 * the counter, its lines and its first history entry, in one transaction. A repeated submit of the same
 * form (double click, or a resubmit after a timeout) answers the first document, `created` false.
 */
export async function createDocument(db: Database, scope: DocumentScope, request: CreateRequest, actor: Actor): Promise<{ row: DocumentRow; created: boolean }> {
  const { tenant } = scope;
  const { kind, input } = request;
  const earlier = await byIdempotencyKey(db, scope, request.idempotencyKey);
  if (earlier) return { row: earlier, created: false };
  try {
    const created = await db.transaction(async (tx) => {
      await checkReferences(tx, tenant, input);
      const source = await sourceOf(tx, scope, kind, request.sourceDocumentId, request.origin);
      const rules = await companyRulesOf(tx, tenant);
      const totals = totalsOf(input, rules);
      const customerId = await savedCustomerId(tx, tenant, input);
      const number = await allocateNumber(tx, tenant, kind, input.issue_date);
      const status = INITIAL_STATUS[kind];
      const [row] = await tx
        .insert(documents)
        .values({
          ...documentColumnsOf(kind, input, totals, customerId),
          ...rules,
          companyUniqueCode: tenant,
          kind,
          number,
          status,
          sourceDocumentId: source.sourceDocumentId,
          copyMode: source.copyMode,
          origin: request.origin,
          idempotencyKey: request.idempotencyKey,
          createdBy: actor.code,
        })
        .returning();
      await writeLines(tx, row!.id, input, totals);
      await recordHistory(tx, row!, { event: "created", from: null, to: status }, actor);
      return row!;
    });
    return { row: created, created: true };
  } catch (error) {
    if (violatesUniqueIndex(error, "documents_company_idempotency_idx")) {
      const first = await byIdempotencyKey(db, scope, request.idempotencyKey);
      if (first) return { row: first, created: false };
    }
    if (violatesUniqueIndex(error, "documents_company_kind_number_idx")) {
      throw conflict("同じ番号の書類がすでにあります。帳票設定の番号の形式を確認してください。");
    }
    throw error;
  }
}
