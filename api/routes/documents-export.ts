import { Router, type Response } from "express";
import { z } from "zod";
import { attachmentDisposition } from "../../domain/attachment";
import { todayJst } from "../../domain/datetime";
import { kindLabel } from "../../domain/document-kinds";
import { csvContentType, encodeCp932, unencodableInCp932, unencodableMessage, type CsvEncoding } from "../csv/encoding";
import type { Database } from "../db/client";
import { documentCsvPages, exportTextsFit, unencodableInExport } from "../documents/export";
import { listQuery } from "../documents/list-query";
import { badRequest } from "../errors";
import { requireDocumentScope } from "../membership";
import { handler } from "./handler";

const exportQuery = listQuery.extend({
  encoding: z.enum(["UTF8", "UTF8N", "SJIS"]).optional().default("UTF8"),
  content: z.enum(["documents", "lines"]).optional().default("documents"),
});

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Writes with backpressure: a slow download holds the next batch back instead of buffering it. */
async function write(res: Response, bytes: Buffer) {
  if (!res.write(bytes)) await new Promise((resolve) => res.once("drain", resolve));
}

export function documentExportRoutes(db: Database): Router {
  const router = Router();

  router.get(
    "/documents/export",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: false });
      const parsed = exportQuery.safeParse(req.query);
      if (!parsed.success) throw badRequest("出力の指定が正しくありません。");
      const query = parsed.data;
      const encoding: CsvEncoding = query.encoding;
      // Shift_JIS cannot hold every character: a first pass only looks the data's characters up, so the
      // 422 naming each one (with its line) comes before any byte is sent and nothing is replaced by 「?」.
      if (encoding === "SJIS" && !(await exportTextsFit(db, scope, query))) {
        const unencodable = await unencodableInExport(db, scope, query);
        if (unencodable.length > 0) {
          res.status(422).json({ code: "validation_failed", message: unencodableMessage(unencodable), unencodable });
          return;
        }
      }
      const stamp = todayJst().replace(/-/g, "");
      const name = `${kindLabel(query.kind)}${query.content === "lines" ? "_明細" : ""}_${stamp}.csv`;
      res.setHeader("Content-Type", csvContentType(encoding));
      res.setHeader("Content-Disposition", attachmentDisposition(`${query.kind}-${query.content}-${stamp}.csv`, name));
      res.setHeader("Cache-Control", "no-store");
      let first = true;
      for await (const page of documentCsvPages(db, scope, query)) {
        if (encoding === "SJIS" && unencodableInCp932(page, 1, 1).length > 0) {
          // Written between the check and now: a broken download is better than a silently altered file.
          res.destroy(new Error("A character Shift_JIS cannot hold appeared during the export"));
          return;
        }
        // The byte order mark goes once, before the first page only.
        const bytes = encoding === "SJIS" ? encodeCp932(page) : encoding === "UTF8" && first ? Buffer.concat([UTF8_BOM, Buffer.from(page, "utf8")]) : Buffer.from(page, "utf8");
        first = false;
        await write(res, bytes);
      }
      res.end();
    }),
  );

  return router;
}
