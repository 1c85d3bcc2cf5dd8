import type { z } from "zod";
import { fieldName } from "../domain/company";
import { japaneseErrorMap } from "../domain/validation-messages";
import { validationFailed } from "./errors";
import { assertReadableInput } from "./input-guard";

/** JSON null at any depth (document lines too) means "not given", as a field a form leaves out. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, entry]) => entry !== null)
      .map(([key, entry]) => [key, withoutNulls(entry)]),
  );
}

/**
 * A request body checked against a domain schema; 422 with a Japanese message
 * per field otherwise. The schemas are the forms' (where an empty field is
 * absent), so a client's explicit null is read as absent too.
 */
export function parseBody<Schema extends z.ZodTypeAny>(schema: Schema, body: unknown): z.output<Schema> {
  // Multipart bodies are read by their routes, after the router's own check.
  assertReadableInput(body);
  const parsed = schema.safeParse(withoutNulls(body ?? {}), { errorMap: japaneseErrorMap });
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (fields[fieldName(issue.path)] ??= []).push(issue.message);
  throw validationFailed(fields);
}
