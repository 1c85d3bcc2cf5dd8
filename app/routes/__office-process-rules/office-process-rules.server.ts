import { officeProcessRuleAnswer, type OfficeProcessRuleAnswer } from "@domain/master-data-answers";
import type { OfficeProcessRuleInput } from "@domain/office-process-rule-input";
import { fillOfficeProcessRule, type RuleDocument } from "@domain/office-process-rules";
import { askPaymentApi, asJsonPost, type PaymentApiCaller } from "../../services/payment-api.server";

/** The company's saved values, or (version 0) the defaults of a company that never saved them. */
export type OfficeProcessRule = OfficeProcessRuleAnswer;

export function getOfficeProcessRule(caller: PaymentApiCaller): Promise<OfficeProcessRule> {
  return askPaymentApi(caller, "/office-process-rules", officeProcessRuleAnswer);
}

/** Saves from the version the page showed (0: none saved yet); a stale version is a PaymentApiValidationError. */
export function saveOfficeProcessRule(caller: PaymentApiCaller, input: OfficeProcessRuleInput, version: number): Promise<OfficeProcessRule> {
  return askPaymentApi(caller, "/office-process-rules", officeProcessRuleAnswer, asJsonPost({ ...input, version }));
}

/**
 * The rules text filled with the saved values. Defaults never saved print as blanks, the company
 * name included: the page shows the text the user would adopt, not one they have not confirmed.
 */
export function ruleDocumentOf(rule: OfficeProcessRule): RuleDocument {
  if (rule.version === 0) return fillOfficeProcessRule(rule.kind, { companyName: "", responsibleTitle: "", responsibleName: "", effectiveDate: "" });
  return fillOfficeProcessRule(rule.kind, {
    companyName: rule.company_name,
    responsibleTitle: rule.responsible_title,
    responsibleName: rule.responsible_name,
    effectiveDate: rule.effective_date ?? "",
  });
}
