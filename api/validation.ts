import type { z } from "zod";
import { fieldName } from "../domain/company";
import { japaneseErrorMap } from "../domain/validation-messages";
import { validationFailed } from "./errors";

/** A request body checked against a domain schema; 422 with a Japanese message per field otherwise. */
export function parseBody<Schema extends z.ZodTypeAny>(schema: Schema, body: unknown): z.output<Schema> {
  const parsed = schema.safeParse(body ?? {}, { errorMap: japaneseErrorMap });
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (fields[fieldName(issue.path)] ??= []).push(issue.message);
  throw validationFailed(fields);
}
