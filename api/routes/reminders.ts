import { Router, type Request } from "express";
import { todayJst } from "../../domain/datetime";
import { reminderRequestSchema } from "../../domain/reminder-request";
import { OVERDUE_BUCKETS, type OverdueBucket } from "../../domain/reminders";
import { overdueInvoices, reminderContext, sendReminder } from "../billing/reminders";
import type { Database } from "../db/client";
import { badRequest } from "../errors";
import type { MailOutbox } from "../mail/outbox";
import { requireDocumentScope } from "../membership";
import { parseBody } from "../validation";
import { handler } from "./handler";
import { actorOf, idParam } from "./params";

const invoiceId = (req: Request) => idParam(req, "請求書が見つかりません。");

function bucketOf(req: Request): OverdueBucket | null {
  const asked = req.query.bucket;
  if (asked === undefined || asked === "") return null;
  if (typeof asked === "string" && (OVERDUE_BUCKETS as readonly string[]).includes(asked)) return asked as OverdueBucket;
  throw badRequest("経過日数の区分が正しくありません。");
}

function pageOf(req: Request): number {
  const asked = req.query.page;
  if (asked === undefined || asked === "") return 1;
  if (typeof asked === "string" && /^\d{1,5}$/.test(asked) && Number(asked) >= 1) return Number(asked);
  throw badRequest("ページ番号が正しくありません。");
}

/**
 * Reminders (督促, issue 19 item 4, decision 032), in the caller's document scope: the overdue invoices,
 * one invoice's reminders with the prefilled text, and sending one. `now` is the clock "today" is read
 * from, in Japan.
 */
export function reminderRoutes(db: Database, outbox: MailOutbox, now: () => Date = () => new Date()): Router {
  const router = Router();
  const today = () => todayJst(now());

  router.get(
    "/reminders/overdue",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: false });
      res.json(await overdueInvoices(db, scope, today(), bucketOf(req), pageOf(req)));
    }),
  );

  router.get(
    "/documents/:id/reminders",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: false });
      res.json(await reminderContext(db, scope, invoiceId(req), today()));
    }),
  );

  router.post(
    "/documents/:id/reminders",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: true });
      const id = invoiceId(req);
      const input = parseBody(reminderRequestSchema, req.body);
      const { reminder, repeated } = await sendReminder(db, outbox, scope, id, input, actorOf(req), today());
      const { companyUniqueCode: _company, idempotencyKey: _key, ...shown } = reminder;
      res.status(repeated ? 200 : 201).json(shown);
    }),
  );

  return router;
}
