import { and, eq } from "drizzle-orm";
import type { OfficeProcessRuleInput } from "../../domain/office-process-rule-input";
import type { Database } from "../db/client";
import { companies, officeProcessRules } from "../db/schema";
import { conflict, violatesUniqueIndex } from "../errors";

/** The values a company fills into its office process rules (事務処理規程): one record per company, with an optimistic lock. */

const STALE_SAVE = "ほかの操作でこの事務処理規程が更新されています。最新の内容を確認してから、もう一度保存してください。";

export type OfficeProcessRuleRow = typeof officeProcessRules.$inferSelect;

function columnsOf(input: OfficeProcessRuleInput) {
  return {
    kind: input.kind,
    companyName: input.company_name,
    responsibleTitle: input.responsible_title,
    responsibleName: input.responsible_name,
    effectiveDate: input.effective_date,
  };
}

/** The saved rules, or null with the company profile's name to start from (most users then add only the person and the date). */
export async function officeProcessRuleOf(db: Database, tenant: string): Promise<{ row: OfficeProcessRuleRow } | { row: null; companyName: string }> {
  const [row] = await db.select().from(officeProcessRules).where(eq(officeProcessRules.companyUniqueCode, tenant)).limit(1);
  if (row) return { row };
  const [company] = await db.select({ companyName: companies.companyName }).from(companies).where(eq(companies.companyUniqueCode, tenant)).limit(1);
  return { row: null, companyName: company?.companyName ?? "" };
}

/** Saves the rules made from `version` (0: none saved yet); `created` when this was the first save. */
export async function saveOfficeProcessRule(db: Database, tenant: string, version: number, input: OfficeProcessRuleInput): Promise<{ row: OfficeProcessRuleRow; created: boolean }> {
  if (version === 0) {
    try {
      const [row] = await db
        .insert(officeProcessRules)
        .values({ ...columnsOf(input), companyUniqueCode: tenant })
        .returning();
      return { row: row!, created: true };
    } catch (error) {
      // Someone in the company saved first, from a page that also showed no rules yet.
      if (violatesUniqueIndex(error, "office_process_rules_company_idx")) throw conflict(STALE_SAVE);
      throw error;
    }
  }
  const [row] = await db
    .update(officeProcessRules)
    .set({ ...columnsOf(input), version: version + 1, updatedAt: new Date() })
    .where(and(eq(officeProcessRules.companyUniqueCode, tenant), eq(officeProcessRules.version, version)))
    .returning();
  // One record per company, so a miss can only mean the page showed an older version.
  if (!row) throw conflict(STALE_SAVE);
  return { row, created: false };
}
