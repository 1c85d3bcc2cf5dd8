import { Router } from "express";
import multer from "multer";
import { z } from "zod";
import type { Database } from "../db/client";
import { validationFailed } from "../errors";
import { requireDocumentScope } from "../membership";
import { confirmMatches, listStatements, saveStatement, statementWithProposals, unmatchedDeposits } from "../payments/statements";
import { parseBody } from "../validation";
import { handler } from "./handler";
import { actorOf, idParam, pageParam, uploadedFileName } from "./params";

/** A month's statement of a busy account is well under this; a bigger file is not a statement. */
const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;
const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_STATEMENT_BYTES, files: 1, fields: 5 } }).single("file");

const NOT_FOUND = "入出金明細が見つかりません。";

const confirmBody = z.object({
  matches: z
    .array(
      z
        .object({
          line_id: z.coerce.number().int().min(1),
          document_id: z.coerce.number().int().min(1).optional(),
          // まとめ払い: the invoices one deposit pays, oldest first.
          document_ids: z.array(z.coerce.number().int().min(1)).min(2).max(24).optional(),
          fee: z.coerce.number().int().min(0).max(999_999).optional().default(0),
        })
        .refine((match) => (match.document_id === undefined) !== (match.document_ids === undefined), "請求書を1件（document_id）か、まとめ払いの請求書（document_ids）を指定してください。")
        .refine((match) => new Set(match.document_ids ?? []).size === (match.document_ids ?? []).length, "同じ請求書が2回指定されています。"),
    )
    .min(1, "消し込む明細を選んでください。")
    .max(1_000)
    .refine((matches) => new Set(matches.map((match) => match.line_id)).size === matches.length, "同じ明細行が2回指定されています。"),
});

/**
 * 入金消込 from the bank's statement (issue 19 item 3, decision 029): upload a 全銀 入出金取引明細 or the
 * bank's CSV, see its deposits with proposed invoices, and confirm matches in bulk, in the caller's document scope.
 */
export function bankStatementRoutes(db: Database): Router {
  const router = Router();
  router.post(
    "/bank-statements",
    upload,
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: true });
      const file = req.file;
      if (!file || file.size === 0) throw validationFailed({ file: ["明細ファイルを選んでください。"] });
      res.status(201).json(await saveStatement(db, scope, req.caller!.userUniqueCode, uploadedFileName(file.originalname, "明細ファイル"), new Uint8Array(file.buffer)));
    }),
  );
  router.get(
    "/bank-statements",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: false });
      res.json(await listStatements(db, scope, pageParam(req)));
    }),
  );
  // Before /bank-statements/:id, which would read the word as an id.
  router.get(
    "/bank-statements/unmatched",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: false });
      res.json(await unmatchedDeposits(db, scope, pageParam(req)));
    }),
  );
  router.get(
    "/bank-statements/:id",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: false });
      res.json(await statementWithProposals(db, scope, idParam(req, NOT_FOUND)));
    }),
  );
  router.post(
    "/bank-statements/:id/confirm",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: true });
      const id = idParam(req, NOT_FOUND);
      const body = parseBody(confirmBody, req.body);
      const confirmations = body.matches.map((match) => ({ lineId: match.line_id, documentIds: match.document_ids ?? [match.document_id!], fee: match.fee }));
      res.json(await confirmMatches(db, scope, id, confirmations, actorOf(req)));
    }),
  );
  return router;
}
