import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { approvalRefusalOf, ruleApplies, type Approver, type FrozenRule } from "../../domain/approvals";
import { canonicalDecimal } from "../../domain/decimal";
import type { DocumentKind } from "../../domain/document-kinds";
import { scheduleAmounts, SCHEDULE_NOT_FOUND } from "../billing/recurring";
import type { Database } from "../db/client";
import { preparedPerHandle } from "../db/prepared";
import { approvalDecisions, approvalEvents, approvalRequests, documents, recurringSchedules } from "../db/schema";
import { ownDocument, type DocumentRow } from "../documents/presenters";
import { wholeCompany, type DocumentScope } from "../documents/scope";
import type { Actor } from "../documents/snapshots";
import type { Writer } from "../documents/store";
import { conflict, forbidden, notFound, violatesUniqueIndex } from "../errors";
import { approvalOf, liveScheduleRequest, presentRequest, recordApprovalEvent, type RequestRow } from "./gate";
import { holdRun, releaseHeldRun, type HeldRun } from "./held-runs";
import { queueApprovalMails } from "./notices";
import { recurringApprovalOf, ruleFor } from "./rules";

/* 申請, 承認 and 差戻し (decision 049): each in one transaction that re-reads what it decides on. */

export const REQUEST_NOT_FOUND = "承認の申請が見つかりません。";
const ALREADY_DECIDED = "この段階はすでに承認または差戻しされています。画面を開き直してください。";
const ALREADY_REQUESTED = "この書類はすでに申請中です。";
const NOT_PENDING: Record<Exclude<RequestRow["status"], "pending">, string> = {
  approved: "この申請はすでに承認されています。",
  returned: "この申請は差し戻されています。",
  withdrawn: "この申請は取り下げられています。",
};

const frozen = (rule: FrozenRule): FrozenRule => ({ steps: rule.steps, allowSelfApproval: rule.allowSelfApproval });

/** 申請 of a document that needs approval, by someone who may edit it; the rule is frozen into the request. */
export async function requestApproval(db: Database, scope: DocumentScope, id: number, comment: string | null, actor: Actor): Promise<DocumentRow> {
  try {
    return await db.transaction(async (tx) => {
      const current = await ownDocument(tx, scope, id);
      await openApprovalRequest(tx, current, comment, actor);
      return current;
    });
  } catch (error) {
    if (violatesUniqueIndex(error, "approval_requests_live_document_idx")) throw conflict(ALREADY_REQUESTED);
    throw error;
  }
}

/** Opens the request inside the caller's transaction (申請, a 定期請求 run, the demo seed). */
export async function openApprovalRequest(tx: Writer, document: DocumentRow, comment: string | null, actor: Actor): Promise<RequestRow> {
  if (document.voidedAt) throw conflict("無効にした書類は申請できません。");
  const { state } = await approvalOf(tx, document);
  if (state === "not_needed") throw conflict("この書類は承認の必要がありません。");
  if (state === "pending") throw conflict(ALREADY_REQUESTED);
  if (state === "approved") throw conflict("この書類はすでに承認されています。");
  const rule = (await ruleFor(tx, document.companyUniqueCode, document.kind))!;
  const [request] = await tx
    .insert(approvalRequests)
    .values({ companyUniqueCode: document.companyUniqueCode, documentId: document.id, revision: document.revision, rule: frozen(rule), requestedBy: actor.code, requestedByName: actor.name, comment })
    .returning();
  await recordApprovalEvent(tx, request!, { event: "approval_requested", comment }, actor);
  await queueApprovalMails(tx, request!, { event: "approval_requested", comment }, actor);
  return request!;
}

/** 申請 of a 定期請求 schedule, when the company approves schedules once for all their runs. */
export async function requestScheduleApproval(db: Database, scope: DocumentScope, id: number, comment: string | null, actor: Actor): Promise<RequestRow> {
  try {
    return await db.transaction(async (tx) => {
      const [schedule] = await tx
        .select()
        .from(recurringSchedules)
        .where(and(eq(recurringSchedules.id, id), eq(recurringSchedules.companyUniqueCode, scope.tenant), scope.createdBy === null ? undefined : eq(recurringSchedules.createdBy, scope.createdBy)));
      if (!schedule) throw notFound(SCHEDULE_NOT_FOUND);
      if ((await recurringApprovalOf(tx, scope.tenant)) !== "per_schedule") throw conflict("この会社では、定期請求で作成した請求書を1通ずつ承認します。");
      const rule = await ruleFor(tx, scope.tenant, "invoice");
      if (!rule || !ruleApplies(rule, await scheduleAmounts(tx, schedule))) throw conflict("この定期請求は承認の必要がありません。");
      const live = await liveScheduleRequest(tx, id);
      if (live) throw conflict(live.status === "approved" ? "この定期請求はすでに承認されています。" : "この定期請求はすでに申請中です。");
      const [request] = await tx
        .insert(approvalRequests)
        .values({ companyUniqueCode: scope.tenant, scheduleId: id, rule: frozen(rule), requestedBy: actor.code, requestedByName: actor.name, comment })
        .returning();
      await recordApprovalEvent(tx, request!, { event: "approval_requested", comment }, actor);
      await queueApprovalMails(tx, request!, { event: "approval_requested", comment }, actor);
      return request!;
    });
  } catch (error) {
    if (violatesUniqueIndex(error, "approval_requests_live_schedule_idx")) throw conflict("この定期請求はすでに申請中です。");
    throw error;
  }
}

/**
 * 承認 or 差戻し of the request's current step, by one of its approvers. Two approvers at once: the unique (request,
 * step) lets one decision in, and the other is told the step was decided (409).
 */
export async function decide(db: Database, tenant: string, id: number, approver: Approver, decision: "approved" | "returned", comment: string | null, actor: Actor): Promise<RequestRow> {
  try {
    return await db.transaction(async (tx) => {
      const [request] = await tx
        .select()
        .from(approvalRequests)
        .where(and(eq(approvalRequests.id, id), eq(approvalRequests.companyUniqueCode, tenant)));
      if (!request) throw notFound(REQUEST_NOT_FOUND);
      if (request.status !== "pending") throw conflict(NOT_PENDING[request.status]);
      const earlier = await tx.select({ decidedBy: approvalDecisions.decidedBy }).from(approvalDecisions).where(eq(approvalDecisions.requestId, id));
      const refusal = approvalRefusalOf({ rule: request.rule, step: request.step, requestedBy: request.requestedBy, decidedBy: earlier.map((row) => row.decidedBy) }, approver);
      if (refusal) throw forbidden(refusal);
      const [recorded] = await tx
        .insert(approvalDecisions)
        .values({ requestId: id, step: request.step, decision, decidedBy: actor.code, decidedByName: actor.name, comment })
        .onConflictDoNothing()
        .returning();
      if (!recorded) throw conflict(ALREADY_DECIDED);
      const last = request.step >= request.rule.steps.length;
      const next =
        decision === "returned" ? { status: "returned" as const, decidedAt: new Date() } : last ? { status: "approved" as const, decidedAt: new Date() } : { step: request.step + 1 };
      const [updated] = await tx
        .update(approvalRequests)
        .set(next)
        .where(and(eq(approvalRequests.id, id), eq(approvalRequests.status, "pending"), eq(approvalRequests.step, request.step)))
        .returning();
      if (!updated) throw conflict(ALREADY_DECIDED);
      await recordApprovalEvent(tx, request, { event: decision === "returned" ? "approval_returned" : "approval_step_approved", step: request.step, comment }, actor);
      if (updated.status === "approved") {
        await recordApprovalEvent(tx, request, { event: "approved", step: request.step }, actor);
        // A 定期請求 run held for this approval goes on: the worker issues and sends its invoice as the schedule says.
        const resumesRun = await releaseHeldRun(tx, id, "approved");
        await queueApprovalMails(tx, updated, { event: "approved", comment, resumesRun }, actor);
      } else if (updated.status === "returned") {
        await releaseHeldRun(tx, id, "returned");
        await queueApprovalMails(tx, updated, { event: "approval_returned", comment: comment ?? "" }, actor);
      } else {
        await queueApprovalMails(tx, updated, { event: "approval_step_approved", comment }, actor);
      }
      return updated;
    });
  } catch (error) {
    if (violatesUniqueIndex(error, "approval_decisions_request_step_idx")) throw conflict(ALREADY_DECIDED);
    throw error;
  }
}

/**
 * A 定期請求 run's invoice that needs approval (decision 049): covered when the company approves schedules once and
 * this schedule is approved (the invoice gets an approved request with the schedule's frozen rule), otherwise it
 * waits, asked for in the schedule author's name. Answers whether the run may issue and send it now; when it may
 * not, the run is recorded as waiting for the request in the same transaction, so the request's approval (which
 * commits after it) finds the run and queues it again.
 */
export async function runMayGoOut(db: Database, schedule: typeof recurringSchedules.$inferSelect, documentId: number, run: HeldRun, actor: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const document = await ownDocument(tx, wholeCompany(schedule.companyUniqueCode), documentId);
    const { state, request: live } = await approvalOf(tx, document);
    if (state === "not_needed" || state === "approved") return true;
    if (state === "pending") {
      // Asked for already (a retry after a crash, or a person was quicker). Locked, so a decision being taken now
      // waits for this transaction and then finds the run waiting; one taken just before is read here.
      const [locked] = await tx.select({ status: approvalRequests.status }).from(approvalRequests).where(eq(approvalRequests.id, live!.id)).for("update");
      if (locked!.status === "approved") return true;
      await holdRun(tx, run, live!.id);
      if (locked!.status !== "pending") await releaseHeldRun(tx, live!.id, locked!.status);
      return false;
    }
    const covering = (await recurringApprovalOf(tx, schedule.companyUniqueCode)) === "per_schedule" ? await liveScheduleRequest(tx, schedule.id) : null;
    if (covering?.status !== "approved") {
      const asked = await openApprovalRequest(tx, document, "定期請求で作成した請求書です。", actor);
      await holdRun(tx, run, asked.id);
      return false;
    }
    const [request] = await tx
      .insert(approvalRequests)
      .values({
        companyUniqueCode: document.companyUniqueCode,
        documentId,
        revision: document.revision,
        rule: covering.rule,
        step: covering.rule.steps.length,
        status: "approved",
        requestedBy: actor.code,
        requestedByName: actor.name,
        decidedAt: new Date(),
      })
      .returning();
    await recordApprovalEvent(tx, request!, { event: "approved", comment: `承認済みの定期請求（申請番号${covering.id}）により承認されました。` }, actor);
    return true;
  });
}

const subjectColumns = {
  documentId: approvalRequests.documentId,
  scheduleId: approvalRequests.scheduleId,
  kind: documents.kind,
  number: documents.number,
  documentCustomer: documents.customerName,
  taxIncluded: documents.taxIncluded,
  taxExcluded: documents.taxExcluded,
  scheduleCustomer: recurringSchedules.customerName,
};

type SubjectRow = {
  documentId: number | null;
  scheduleId: number | null;
  kind: DocumentKind | null;
  number: string | null;
  documentCustomer: string | null;
  taxIncluded: string | null;
  taxExcluded: string | null;
  scheduleCustomer: string | null;
};

const subjectOf = (row: SubjectRow) => ({
  document:
    row.documentId === null
      ? null
      : { id: row.documentId, kind: row.kind, number: row.number, customerName: row.documentCustomer, taxIncluded: canonicalDecimal(row.taxIncluded!), taxExcluded: canonicalDecimal(row.taxExcluded!) },
  schedule: row.scheduleId === null ? null : { id: row.scheduleId, customerName: row.scheduleCustomer },
});

/**
 * A tenant's requests with what each is about: 承認待ち's (pending, oldest first, at most 200) or a person's own
 * (newest first, 20), each statement prepared once, as TOP asks both on every view.
 */
const requestsStatements = {
  waiting: preparedPerHandle((db: Database) => requestsSelect(db, eq(approvalRequests.status, "pending"), approvalRequests.id, 200)),
  mine: preparedPerHandle((db: Database) => requestsSelect(db, eq(approvalRequests.requestedBy, sql.placeholder("userCode")), desc(approvalRequests.id), 20)),
};

const requestsSelect = (db: Database, which: SQL, order: SQL | typeof approvalRequests.id, limit: number) =>
  db
    .select({ request: approvalRequests, ...subjectColumns })
    .from(approvalRequests)
    .leftJoin(documents, eq(documents.id, approvalRequests.documentId))
    .leftJoin(recurringSchedules, eq(recurringSchedules.id, approvalRequests.scheduleId))
    .where(and(eq(approvalRequests.companyUniqueCode, sql.placeholder("tenant")), which))
    .orderBy(order)
    .limit(limit);

/** The requests with what each is about, and every decision taken on them, step by step. */
async function requestsWithSubjects(db: Database, which: keyof typeof requestsStatements, values: { tenant: string; userCode?: string }) {
  const rows = await requestsStatements[which](db).execute(values);
  const decisions =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(approvalDecisions)
          .where(inArray(approvalDecisions.requestId, rows.map((row) => row.request.id)))
          .orderBy(asc(approvalDecisions.step));
  return rows.map(({ request, ...subject }) => ({ request, subject: subjectOf(subject), decisions: decisions.filter((decision) => decision.requestId === request.id) }));
}

const decidersStatement = preparedPerHandle((db: Writer) =>
  db.select({ decidedBy: approvalDecisions.decidedBy }).from(approvalDecisions).where(eq(approvalDecisions.requestId, sql.placeholder("requestId"))),
);

/** Whether this person may decide the pending request's current step now: the rule 承認待ち lists by (waitingFor). */
export async function mayDecide(db: Writer, request: RequestRow, approver: Approver): Promise<boolean> {
  if (request.status !== "pending") return false;
  const decided = await decidersStatement(db).execute({ requestId: request.id });
  return approvalRefusalOf({ rule: request.rule, step: request.step, requestedBy: request.requestedBy, decidedBy: decided.map((row) => row.decidedBy) }, approver) === null;
}

/** 承認待ち: the pending requests whose current step this person may decide, oldest first (at most 200). */
export async function waitingFor(db: Database, tenant: string, approver: Approver) {
  const rows = await requestsWithSubjects(db, "waiting", { tenant });
  const items = rows
    .filter(({ request, decisions }) => approvalRefusalOf({ rule: request.rule, step: request.step, requestedBy: request.requestedBy, decidedBy: decisions.map((decision) => decision.decidedBy) }, approver) === null)
    .map(({ request, subject }) => ({ ...presentRequest(request), ...subject }));
  return { items, count: items.length };
}

/** The caller's own requests, newest first, with how each ended: what TOP tells the author (decision 049). */
export async function requestsBy(db: Database, tenant: string, userCode: string) {
  const rows = await requestsWithSubjects(db, "mine", { tenant, userCode });
  return {
    items: rows.map(({ request, subject, decisions }) => {
      const last = decisions.at(-1);
      return {
        ...presentRequest(request),
        ...subject,
        lastDecision: last ? { decision: last.decision, step: last.step, decidedBy: last.decidedBy, decidedByName: last.decidedByName, comment: last.comment, decidedAt: last.decidedAt } : null,
      };
    }),
  };
}

/** The company's approval audit, newest first, a page at a time. */
export async function approvalAudit(db: Database, tenant: string, page: number, perPage: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ event: approvalEvents, kind: documents.kind, number: documents.number })
      .from(approvalEvents)
      .leftJoin(documents, eq(documents.id, approvalEvents.documentId))
      .where(eq(approvalEvents.companyUniqueCode, tenant))
      .orderBy(desc(approvalEvents.at), desc(approvalEvents.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(approvalEvents).where(eq(approvalEvents.companyUniqueCode, tenant)),
  ]);
  return {
    items: rows.map(({ event: { companyUniqueCode: _company, ...event }, kind, number }) => ({ ...event, document: event.documentId === null || number === null ? null : { id: event.documentId, kind, number } })),
    total: total!.total,
    page,
    perPage,
  };
}
