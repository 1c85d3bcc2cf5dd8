import type { Request } from "express";
import { notFound } from "../errors";

/**
 * A numeric id from the path. Anything else is answered like an id that is
 * not there, so a caller learns nothing from the difference.
 */
export function idParam(req: Request, notFoundMessage: string, name = "id"): number {
  const raw = req.params[name] ?? "";
  if (!/^\d{1,9}$/.test(raw)) throw notFound(notFoundMessage);
  return Number(raw);
}
