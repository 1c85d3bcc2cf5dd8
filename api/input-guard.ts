import type { RequestHandler } from "express";
import { isReadableText, UNREADABLE_TEXT_MESSAGE } from "../domain/readable-text";
import { badRequest } from "./errors";

/** Deeper than any body this API reads (a document's lines are three levels down). */
const MAX_INPUT_DEPTH = 8;

function findUnreadable(value: unknown, depth: number): "depth" | "character" | null {
  if (typeof value === "string") return isReadableText(value) ? null : "character";
  if (value === null || typeof value !== "object") return null;
  if (depth >= MAX_INPUT_DEPTH) return "depth";
  for (const [key, entry] of Object.entries(value)) {
    const found = isReadableText(key) ? findUnreadable(entry, depth + 1) : "character";
    if (found) return found;
  }
  return null;
}

/**
 * Refuses input no field can hold (see isReadableText) and nesting deeper than
 * any body here, with 400 and a Japanese message, before a handler sees it.
 */
export function assertReadableInput(...values: unknown[]): void {
  for (const value of values) {
    const found = findUnreadable(value, 0);
    if (found === "character") throw badRequest(UNREADABLE_TEXT_MESSAGE);
    if (found === "depth") throw badRequest();
  }
}

/** assertReadableInput over the path, the query and a parsed body. */
export const refuseUnreadableInput: RequestHandler = (req, _res, next) => {
  try {
    assertReadableInput(req.path, req.query, req.body);
    next();
  } catch (error) {
    next(error);
  }
};
