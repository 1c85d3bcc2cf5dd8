import { z } from "zod";
import { documentFieldsSchema, documentInputSchema } from "@domain/document-input";

/** 「再計算」: only the lines and the tax settings matter to totals; other fields are not judged yet. */
export const recalculationSchema = documentFieldsSchema.pick({ lines: true, tax_type_id: true, withholding: true });

/** A master search judges nothing: it only brings the form back with other choices. */
export const nothingJudged = z.object({});

/** What a press of the form's button judges, the same in the browser and on the server. */
export function schemaOfIntent(intent: FormDataEntryValue | null) {
  if (intent === "find") return nothingJudged;
  if (intent === "recalculate") return recalculationSchema;
  return documentInputSchema;
}
