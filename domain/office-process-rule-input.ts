import { z } from "zod";
import { optionalText, requiredDate, requiredText } from "./form-fields";
import { OFFICE_PROCESS_RULE_KINDS } from "./office-process-rules";

/** The values filled into the office process rules (事務処理規程), as the form and the Payment API receive them. */
export const officeProcessRuleInputSchema = z.object({
  kind: z.enum(OFFICE_PROCESS_RULE_KINDS).default("corporation"),
  company_name: requiredText(100),
  // A sole proprietor has no title; the column holds "" rather than null for it.
  responsible_title: optionalText(50).transform((title) => title ?? ""),
  responsible_name: requiredText(50),
  effective_date: requiredDate,
});

export type OfficeProcessRuleInput = z.output<typeof officeProcessRuleInputSchema>;
