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

/**
 * Whether a post only asks for the form back: a master search, a recalculation, or adding or removing a line
 * (conform's own intents, posted under its field `__intent__`). Anything else is a save.
 */
export function asksForFormAgain(formData: FormData): boolean {
  const intent = formData.get("intent");
  return intent === "find" || intent === "recalculate" || formData.has("__intent__");
}
