import { Router, raw, type Request, type Response } from "express";
import { rateLimit } from "express-rate-limit";
import { z } from "zod";
import { attachmentDisposition } from "../../domain/attachment";
import { customerInputSchema } from "../../domain/customer";
import { todayJst } from "../../domain/datetime";
import { itemInputSchema } from "../../domain/item";
import { CUSTOMER_CSV_COLUMNS, ITEM_CSV_COLUMNS } from "../csv/columns";
import { csvContentType, encodeCsv, unencodableMessage } from "../csv/encoding";
import { exportText, readImport, type CsvProblem } from "../csv/master-csv";
import { customersToExport, importCustomers, importItems, itemsToExport, type ImportOutcome } from "../csv/master-records";
import type { Database } from "../db/client";
import { tenantOf } from "../auth";
import { badRequest, tooManyRequests } from "../errors";
import { DatabaseRateLimitStore } from "../rate-limit-store";
import { requireMember } from "../membership";
import { handler } from "./handler";

const MAX_CSV_BYTES = 2 * 1024 * 1024;
const exportQuery = z.object({ encoding: z.enum(["UTF8", "UTF8N", "SJIS"]).optional().default("UTF8"), q: z.string().max(100).optional().default("") });

function parseExportQuery(req: Request) {
  const query = exportQuery.safeParse(req.query);
  if (!query.success) throw badRequest("出力の指定が正しくありません。");
  return query.data;
}

/** The file, or 422 naming what Shift_JIS cannot hold (never a silent 「?」). */
function sendCsv(res: Response, text: string, encoding: "UTF8" | "UTF8N" | "SJIS", fileStem: { ascii: string; japanese: string }) {
  const encoded = encodeCsv(text, encoding);
  if (!encoded.ok) {
    res.status(422).json({ code: "validation_failed", message: unencodableMessage(encoded.unencodable), unencodable: encoded.unencodable });
    return;
  }
  const name = `${fileStem.japanese}_${todayJst().replace(/-/g, "")}.csv`;
  res.setHeader("Content-Type", csvContentType(encoding));
  res.setHeader("Content-Disposition", attachmentDisposition(`${fileStem.ascii}-${todayJst().replace(/-/g, "")}.csv`, name));
  res.setHeader("Cache-Control", "no-store");
  res.send(encoded.bytes);
}

function refuseImport(res: Response, problems: CsvProblem[]) {
  res.status(422).json({ code: "validation_failed", message: "CSVに誤りがあるため、何も取り込んでいません。", problems });
}

/** What was written, or every problem that kept the file out. */
function answerImport(res: Response, outcome: ImportOutcome) {
  if ("problems" in outcome) refuseImport(res, outcome.problems);
  else res.json(outcome.counts);
}

const csvBody = raw({ type: ["text/csv", "text/plain", "application/octet-stream", "application/vnd.ms-excel"], limit: MAX_CSV_BYTES });

function bodyBytes(req: Request): Uint8Array {
  if (!Buffer.isBuffer(req.body) || req.body.length === 0) throw badRequest("CSVファイルを選んでください。");
  return req.body;
}

/** Imports a company may run in an hour: each checks and writes up to a whole master at once. */
const CSV_IMPORTS_PER_HOUR = 30;

/** Customers and items as CSV: export in three encodings; import checked whole, then written in one transaction. */
export function csvRoutes(db: Database): Router {
  const router = Router();
  const importLimit = rateLimit({
    windowMs: 60 * 60_000,
    limit: CSV_IMPORTS_PER_HOUR,
    store: new DatabaseRateLimitStore(db, "csv-import:"),
    keyGenerator: (req) => tenantOf(req.caller),
    standardHeaders: "draft-7",
    legacyHeaders: false,
    handler: (_req, _res, next) => next(tooManyRequests(`CSVの取り込みは1時間に${CSV_IMPORTS_PER_HOUR}回までです。しばらくしてから、もう一度お試しください。`)),
  });

  router.get(
    "/customers/export",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: false });
      const { encoding, q } = parseExportQuery(req);
      sendCsv(res, exportText(CUSTOMER_CSV_COLUMNS, await customersToExport(db, tenant, q)), encoding, { ascii: "customers", japanese: "取引先" });
    }),
  );

  router.get(
    "/items/export",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: false });
      const { encoding, q } = parseExportQuery(req);
      sendCsv(res, exportText(ITEM_CSV_COLUMNS, await itemsToExport(db, tenant, q)), encoding, { ascii: "items", japanese: "品目" });
    }),
  );

  router.post(
    "/customers/import",
    importLimit,
    csvBody,
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      const read = readImport(bodyBytes(req), CUSTOMER_CSV_COLUMNS, customerInputSchema);
      if ("problems" in read) return refuseImport(res, read.problems);
      answerImport(res, await importCustomers(db, tenant, read.rows));
    }),
  );

  router.post(
    "/items/import",
    importLimit,
    csvBody,
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      const read = readImport(bodyBytes(req), ITEM_CSV_COLUMNS, itemInputSchema);
      if ("problems" in read) return refuseImport(res, read.problems);
      answerImport(res, await importItems(db, tenant, read.rows));
    }),
  );

  return router;
}
