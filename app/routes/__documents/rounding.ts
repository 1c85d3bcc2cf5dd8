import type { RoundingIds } from "@domain/totals";

/** The rounding rules a saved document was made with (frozen at creation), as the totals engine reads them. */
export function roundingOfDocument(document: {
  item_rounding_id: number;
  item_rounding_scale: number;
  subtotal_rounding_id: number;
  tax_rounding_id: number;
  tax_withholding_id: number;
}): RoundingIds {
  return {
    itemRoundingId: document.item_rounding_id,
    itemRoundingScale: document.item_rounding_scale,
    subtotalRoundingId: document.subtotal_rounding_id,
    taxRoundingId: document.tax_rounding_id,
    taxWithholdingId: document.tax_withholding_id,
  };
}
