import type { DocumentKind } from "./document-kinds";
import { compare } from "./exact";
import type { Totals } from "./totals";

// Apart from domain/documents.ts, whose labels and paths every list loads: this rule needs exact arithmetic, which lists do not.

/** A paper receipt of ¥50,000 or more needs a revenue stamp (印紙税法 別表第一 第17号文書). */
const STAMP_DUTY_THRESHOLD = "50000";

/** Whether a paper copy of this document needs a revenue stamp: receipts, on the amount without the separately stated tax. */
export function needsRevenueStamp(kind: DocumentKind, totals: Pick<Totals, "taxExcluded">): boolean {
  return kind === "receipt" && compare(totals.taxExcluded, STAMP_DUTY_THRESHOLD) >= 0;
}
