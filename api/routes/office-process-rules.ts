import { Router } from "express";
import { officeProcessRuleInputSchema } from "../../domain/office-process-rule-input";
import { VALIDATION_MESSAGES } from "../../domain/validation-messages";
import type { Database } from "../db/client";
import { validationFailed } from "../errors";
import { officeProcessRuleOf, saveOfficeProcessRule, type OfficeProcessRuleRow } from "../master-data/office-process-rules";
import { requireMember } from "../membership";
import { parseBody } from "../validation";
import { handler } from "./handler";

function presentRule(row: OfficeProcessRuleRow) {
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
      const found = await officeProcessRuleOf(db, tenant);
      if (found.row) {
        res.json(presentRule(found.row));
        return;
      }
      // Never saved: start from the company profile's name.
      res.json({
        version: 0,
        kind: "corporation",
        companyName: found.companyName,
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
      const { row, created } = await saveOfficeProcessRule(db, tenant, version, input);
      res.status(created ? 201 : 200).json(presentRule(row));
    }),
  );

  return router;
}
