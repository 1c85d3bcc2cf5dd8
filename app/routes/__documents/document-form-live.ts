import { TAX_CATEGORIES, TAX_TYPES } from "@domain/codes";
import { parseDecimalInput } from "@domain/decimal";
import type { DocumentKind } from "@domain/document-kinds";
import { needsRevenueStamp } from "@domain/revenue-stamp";
import { totalsRows, type TotalsRow } from "@domain/snapshot";
import { computeTotals, totalsRulesOf, type RoundingIds, type Totals } from "@domain/totals";
import { parseForm } from "~/components/forms/parse-form";
import type { DocumentFormValues } from "./document-form-values";
import { schemaOfIntent } from "./form-intents";

/**
 * What the document form computes in the browser once it is used: it is
 * loaded on the first focus or press (useLazyValidation), so the exact
 * arithmetic, the tax tables and zod are not in the page's first JavaScript.
 * Until then the page shows the totals its loader or action computed with the
 * same functions. The due date's proposal is not here: it must follow a
 * customer chosen before anything has loaded this (DocumentForm).
 */

/** The form's check, the same as the action's. */
export const validate = (formData: FormData) => parseForm(formData, schemaOfIntent(formData.get("intent")));

/** Totals as the form shows them: the amounts, the rows per rate and category, and whether a revenue stamp is due. */
export type FormTotals = Totals & { rows: TotalsRow[]; stampDuty: boolean };

export function formTotalsOf(totals: Totals, kind: DocumentKind): FormTotals {
  return { ...totals, rows: totalsRows(totals), stampDuty: needsRevenueStamp(kind, totals) };
}

/**
 * Totals of what the form holds, with the same engine the server saves
 * with; null while a line's numbers cannot be read yet.
 */
export function liveTotals(values: Partial<DocumentFormValues> | null | undefined, rounding: RoundingIds, kind: DocumentKind): FormTotals | null {
  const lines = (values?.lines ?? []).map((line) => ({
    quantity: parseDecimalInput(String(line?.quantity || "1")),
    // A price not typed yet counts as 0, so the totals are there from the first render; text that is no number is not.
    unitPrice: parseDecimalInput(String(line?.unit_price || "0")),
    taxCategory: TAX_CATEGORIES.find((category) => category.id === line?.tax_category)?.id ?? "standard",
  }));
  // As the form's check reads it: empty is 税抜 (1); a tax type that does not exist has no totals, only the check's message.
  const taxTypeId = values?.tax_type_id === undefined || String(values.tax_type_id) === "" ? 1 : Number(values.tax_type_id);
  if (!TAX_TYPES.some((type) => type.id === taxTypeId)) return null;
  if (lines.length === 0 || lines.some((line) => line.quantity === null || line.unitPrice === null)) return null;
  const totals = computeTotals(
    lines.map((line) => ({ quantity: line.quantity!, unitPrice: line.unitPrice!, taxCategory: line.taxCategory })),
    totalsRulesOf(rounding, values?.withholding === "on", taxTypeId),
  );
  return formTotalsOf(totals, kind);
}
