import { parseWithZod } from "@conform-to/zod";
import type { z } from "zod";
import { japaneseErrorMap } from "@domain/validation-messages";

/**
 * conform's parseWithZod with the default Japanese messages, for actions and
 * for the same check in the browser. The map is passed, not installed
 * globally, so pages without forms do not load zod.
 */
export function parseForm<Schema extends z.ZodTypeAny>(formData: FormData, schema: Schema) {
  return parseWithZod(formData, { schema, errorMap: japaneseErrorMap });
}
