import { Router, type Request } from "express";
import { z } from "zod";
import { RECURRING_APPROVAL_MODES } from "../../domain/approvals";
import { approvalKindParam, approvalRuleInputSchema } from "../../domain/approval-input";
import { optionalText } from "../../domain/form-fields";
import { approvalAudit, decide, REQUEST_NOT_FOUND, requestApproval, requestsBy, requestScheduleApproval, waitingFor } from "../approvals/flow";
import { presentRequest } from "../approvals/gate";
import { deleteRule, recurringApprovalOf, rulesOf, saveRule, setRecurringApproval } from "../approvals/rules";
import { SCHEDULE_NOT_FOUND } from "../billing/recurring";
import type { Database } from "../db/client";
import { fullDocument, NOT_FOUND } from "../documents/presenters";
import { requireApprover, requireDocumentScope, requireOwner } from "../membership";
import { parseBody } from "../validation";
import { handler } from "./handler";
import { actorOf, idParam, pageParam } from "./params";

const AUDIT_PAGE_SIZE = 50;

const kindOf = (req: Request) => parseBody(z.object({ kind: approvalKindParam }), req.params).kind;
const commentBody = z.object({ comment: optionalText(500) });
const returnBody = z.object({ reason: z.string({ required_error: "差戻しの理由を入力してください" }).trim().min(1, "差戻しの理由を入力してください").max(500, "500文字以内で入力してください") });
const settingsBody = z.object({ recurring_approval: z.enum(RECURRING_APPROVAL_MODES, { errorMap: () => ({ message: "定期請求の承認のしかたを選んでください" }) }) });

/** 承認 (issue 38, decision 049): the owner's rules and settings, 申請, 承認待ち, 承認 and 差戻し, and the audit. */
export function approvalRoutes(db: Database): Router {
  const router = Router();

  const settingsOf = async (tenant: string) => ({ rules: await rulesOf(db, tenant), recurringApproval: await recurringApprovalOf(db, tenant) });

  router.get(
    "/approval-rules",
    handler(async (req, res) => {
      res.json(await settingsOf(await requireOwner(db, req)));
    }),
  );

  router.post(
    "/approval-rules/:kind",
    handler(async (req, res) => {
      const tenant = await requireOwner(db, req);
      await saveRule(db, tenant, kindOf(req), parseBody(approvalRuleInputSchema, req.body), req.caller!.userUniqueCode);
      res.json(await settingsOf(tenant));
    }),
  );

  router.delete(
    "/approval-rules/:kind",
    handler(async (req, res) => {
      const tenant = await requireOwner(db, req);
      await deleteRule(db, tenant, kindOf(req));
      res.status(204).end();
    }),
  );

  router.post(
    "/approval-settings",
    handler(async (req, res) => {
      const tenant = await requireOwner(db, req);
      await setRecurringApproval(db, tenant, parseBody(settingsBody, req.body).recurring_approval);
      res.json(await settingsOf(tenant));
    }),
  );

  // 申請 by someone who may edit the document: its answer is the document, its approval included.
  router.post(
    "/documents/:id/approval-request",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: true });
      const { comment } = parseBody(commentBody, req.body);
      const row = await requestApproval(db, scope, idParam(req, NOT_FOUND), comment, actorOf(req));
      res.json(await fullDocument(db, row, scope));
    }),
  );

  router.post(
    "/recurring-invoices/:id/approval-request",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: true });
      const { comment } = parseBody(commentBody, req.body);
      res.status(201).json(presentRequest(await requestScheduleApproval(db, scope, idParam(req, SCHEDULE_NOT_FOUND), comment, actorOf(req))));
    }),
  );

  router.get(
    "/approvals/waiting",
    handler(async (req, res) => {
      const { tenant, approver } = await requireApprover(db, req, { write: false });
      res.json(await waitingFor(db, tenant, approver));
    }),
  );

  router.get(
    "/approvals/mine",
    handler(async (req, res) => {
      const { tenant, approver } = await requireApprover(db, req, { write: false });
      res.json(await requestsBy(db, tenant, approver.userCode));
    }),
  );

  // 承認 takes an optional comment, 差戻し a reason it cannot go without.
  for (const [action, decision, commentOf] of [
    ["approve", "approved", (body: unknown) => parseBody(commentBody, body).comment],
    ["return", "returned", (body: unknown) => parseBody(returnBody, body).reason],
  ] as const) {
    router.post(
      `/approvals/:id/${action}`,
      handler(async (req, res) => {
        const { tenant, approver } = await requireApprover(db, req, { write: true });
        const comment = commentOf(req.body);
        res.json(presentRequest(await decide(db, tenant, idParam(req, REQUEST_NOT_FOUND), approver, decision, comment, actorOf(req))));
      }),
    );
  }

  router.get(
    "/approval-audit",
    handler(async (req, res) => {
      const tenant = await requireOwner(db, req);
      res.json(await approvalAudit(db, tenant, pageParam(req), AUDIT_PAGE_SIZE));
    }),
  );

  return router;
}
