import type { Request } from "express";
import type { Actor } from "../documents/snapshots";
import { badRequest, notFound } from "../errors";

/**
 * A numeric id from the path. Anything else is answered like an id that is
 * not there, so a caller learns nothing from the difference.
 */
export function idParam(req: Request, notFoundMessage: string, name = "id"): number {
  const raw = req.params[name] ?? "";
  if (!/^\d{1,9}$/.test(raw)) throw notFound(notFoundMessage);
  return Number(raw);
}

/** Who is acting, as the document history and payments record them. */
export const actorOf = (req: Request): Actor => ({ code: req.caller!.userUniqueCode, name: req.caller!.name });

/**
 * The file name a browser sent, for people: its last path segment, trimmed to a sensible length (multer reads
 * the header as latin1; browsers send UTF-8); `fallback` when nothing is left of it.
 */
export function uploadedFileName(original: string, fallback: string): string {
  const name = Buffer.from(original, "latin1").toString("utf8").split(/[\\/]/).pop()!.trim();
  return (name || fallback).slice(0, 200);
}

/** `?page=` of a list: 1 when absent; anything but a page number is a 400. */
export function pageParam(req: Request): number {
  const asked = req.query.page;
  if (asked === undefined || asked === "") return 1;
  if (typeof asked === "string" && /^\d{1,5}$/.test(asked) && Number(asked) >= 1) return Number(asked);
  throw badRequest("ページ番号が正しくありません。");
}
