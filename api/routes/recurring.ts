import { Router, type Request } from "express";
import { z } from "zod";
import { todayJst } from "../../domain/datetime";
import { recurringScheduleSchema } from "../../domain/recurrence";
import { createSchedule, deleteSchedule, listSchedules, SCHEDULE_NOT_FOUND, scheduleDetail, setPaused, updateSchedule } from "../billing/recurring";
import type { Database } from "../db/client";
import { requireDocumentScope } from "../membership";
import { parseBody } from "../validation";
import { handler } from "./handler";
import { editVersionOf } from "./master-records";
import { idParam } from "./params";

const scheduleId = (req: Request) => idParam(req, SCHEDULE_NOT_FOUND);
const actorOf = (req: Request) => ({ code: req.caller!.userUniqueCode, name: req.caller!.name });
const sourceBody = z.object({
  source_document_id: z.coerce.number({ invalid_type_error: "元の請求書を指定してください" }).int().positive().max(2_147_483_647),
});

/** 定期請求 (issue 19 item 2, decision 031): schedules made from an invoice, in the caller's document scope. */
export function recurringRoutes(db: Database, now: () => Date = () => new Date()): Router {
  const router = Router();
  const today = () => todayJst(now());

  router.get(
    "/recurring-invoices",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: false });
      res.json({ schedules: await listSchedules(db, scope) });
    }),
  );

  router.post(
    "/recurring-invoices",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: true });
      const { source_document_id: sourceId } = parseBody(sourceBody, req.body);
      const input = parseBody(recurringScheduleSchema, req.body);
      const created = await createSchedule(db, scope, sourceId, input, actorOf(req), today());
      res.status(201).json(await scheduleDetail(db, scope, created.id));
    }),
  );

  router.get(
    "/recurring-invoices/:id",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: false });
      res.json(await scheduleDetail(db, scope, scheduleId(req)));
    }),
  );

  router.post(
    "/recurring-invoices/:id",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: true });
      const body = (req.body ?? {}) as Record<string, unknown>;
      const version = editVersionOf(body);
      const updated = await updateSchedule(db, scope, scheduleId(req), parseBody(recurringScheduleSchema, body), version, today(), actorOf(req));
      res.json(await scheduleDetail(db, scope, updated.id));
    }),
  );

  for (const [action, paused] of [
    ["pause", true],
    ["resume", false],
  ] as const) {
    router.post(
      `/recurring-invoices/:id/${action}`,
      handler(async (req, res) => {
        const scope = await requireDocumentScope(db, req, { write: true });
        const row = await setPaused(db, scope, scheduleId(req), paused, today());
        res.json(await scheduleDetail(db, scope, row.id));
      }),
    );
  }

  router.delete(
    "/recurring-invoices/:id",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: true });
      await deleteSchedule(db, scope, scheduleId(req));
      res.status(204).end();
    }),
  );

  return router;
}
