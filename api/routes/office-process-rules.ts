import { Router } from "express";
import { and, eq } from "drizzle-orm";
import { officeProcessRuleInputSchema, type OfficeProcessRuleInput } from "../../domain/office-process-rule-input";
import { VALIDATION_MESSAGES } from "../../domain/validation-messages";
import type { Database } from "../db/client";
import { companies, officeProcessRules } from "../db/schema";
import { conflict, validationFailed, violatesUniqueIndex } from "../errors";
import { requireMember } from "../membership";
import { parseBody } from "../validation";
import { handler } from "./handler";

const STALE_SAVE = "ほかの操作でこの事務処理規程が更新されています。最新の内容を確認してから、もう一度保存してください。";

function columnsOf(input: OfficeProcessRuleInput) {
  return {
    kind: input.kind,
    companyName: input.company_name,
    responsibleTitle: input.responsible_title,
    responsibleName: input.responsible_name,
    effectiveDate: input.effective_date,
  };
}

function presentRule(row: typeof officeProcessRules.$inferSelect) {
  const { companyUniqueCode: _company, createdAt: _created, ...rule } = row;
  return rule;
}

/** The version the save was made from: 0 when the page showed no saved rules yet. */
function saveVersionOf(body: Record<string, unknown>): number {
  const version = Number(body.version);
  if (body.version === undefined || body.version === "" || !Number.isInteger(version) || version < 0) {
    throw validationFailed({ version: [VALIDATION_MESSAGES.required] });
  }
  return version;
}

/** The values a company fills into its office process rules (事務処理規程): one record per company. */
export function officeProcessRuleRoutes(db: Database): Router {
  const router = Router();

  router.get(
    "/office-process-rules",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: false });
      const [row] = await db.select().from(officeProcessRules).where(eq(officeProcessRules.companyUniqueCode, tenant)).limit(1);
      if (row) {
        res.json(presentRule(row));
        return;
      }
      // Never saved: start from the company profile's name, so most users only add the person and the date.
      const [company] = await db
        .select({ companyName: companies.companyName })
        .from(companies)
        .where(eq(companies.companyUniqueCode, tenant))
        .limit(1);
      res.json({
        version: 0,
        kind: "corporation",
        companyName: company?.companyName ?? "",
        responsibleTitle: "",
        responsibleName: "",
        effectiveDate: null,
      });
    }),
  );

  router.post(
    "/office-process-rules",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      const body = (req.body ?? {}) as Record<string, unknown>;
      const version = saveVersionOf(body);
      const input = parseBody(officeProcessRuleInputSchema, body);
      if (version === 0) {
        try {
          const [row] = await db
            .insert(officeProcessRules)
            .values({ ...columnsOf(input), companyUniqueCode: tenant })
            .returning();
          res.status(201).json(presentRule(row!));
        } catch (error) {
          // Someone in the company saved first, from a page that also showed no rules yet.
          if (violatesUniqueIndex(error, "office_process_rules_company_idx")) throw conflict(STALE_SAVE);
          throw error;
        }
        return;
      }
      const [row] = await db
        .update(officeProcessRules)
        .set({ ...columnsOf(input), version: version + 1, updatedAt: new Date() })
        .where(and(eq(officeProcessRules.companyUniqueCode, tenant), eq(officeProcessRules.version, version)))
        .returning();
      // One record per company, so a miss can only mean the page showed an older version.
      if (!row) throw conflict(STALE_SAVE);
      res.json(presentRule(row));
    }),
  );

  return router;
}
