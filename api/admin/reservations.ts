import { and, asc, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { formatListDate } from "../../domain/datetime";
import { RESERVATION_STATUS_LABELS, type ReservationInput, type ReservationStatus } from "../../domain/admin-banks";
import type { Database } from "../db/client";
import { bankBranches, freeTrialReservations } from "../db/schema";
import { conflict, notFound, validationFailed } from "../errors";
import { recordAdminAction, type AdminActor } from "./audit";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Reader = Database | Tx;

export const RESERVATION_NOT_FOUND = "無料期間の予約が見つかりません。";
export const RESERVATION_STARTED = "開始済みの予約は変更できません。";
const RESERVATION_STALE = "ほかの操作でこの予約が更新されています。画面を読み込み直して、最新の内容を確認してから操作してください。";

type ReservationRow = typeof freeTrialReservations.$inferSelect;


/** Where a reservation stands on `today` (JST): cancelled, before its start, between its dates, or past its finish. */
export function reservationStatus(row: Pick<ReservationRow, "canceledAt" | "startDate" | "finishDate">, today: string): ReservationStatus {
  if (row.canceledAt) return "canceled";
  if (today < row.startDate) return "scheduled";
  if (today > row.finishDate) return "finished";
  return "running";
}

const columns = {
  id: freeTrialReservations.id,
  bankCode: freeTrialReservations.bankCode,
  branchCode: freeTrialReservations.branchCode,
  branchName: bankBranches.name,
  freeMonths: freeTrialReservations.freeMonths,
  startDate: freeTrialReservations.startDate,
  finishDate: freeTrialReservations.finishDate,
  canceledAt: freeTrialReservations.canceledAt,
  createdBy: freeTrialReservations.createdBy,
  version: freeTrialReservations.version,
  createdAt: freeTrialReservations.createdAt,
  updatedAt: freeTrialReservations.updatedAt,
};

function present<Row extends Pick<ReservationRow, "canceledAt" | "startDate" | "finishDate">>(row: Row, today: string) {
  const status = reservationStatus(row, today);
  return { ...row, status, statusLabel: RESERVATION_STATUS_LABELS[status] };
}

function selectReservations(db: Reader) {
  return db
    .select(columns)
    .from(freeTrialReservations)
    .leftJoin(bankBranches, and(eq(bankBranches.bankCode, freeTrialReservations.bankCode), eq(bankBranches.branchCode, freeTrialReservations.branchCode)));
}

/** The bank's reservations, latest start first; cancelled ones stay listed. */
export async function reservationsOf(db: Reader, bankCode: string, today: string) {
  const rows = await selectReservations(db)
    .where(eq(freeTrialReservations.bankCode, bankCode))
    .orderBy(desc(freeTrialReservations.startDate), desc(freeTrialReservations.id));
  return rows.map((row) => present(row, today));
}

/** One reservation of the bank, or 404. */
export async function findReservation(db: Reader, bankCode: string, id: number, today: string) {
  const [row] = await selectReservations(db)
    .where(and(eq(freeTrialReservations.id, id), eq(freeTrialReservations.bankCode, bankCode)))
    .limit(1);
  if (!row) throw notFound(RESERVATION_NOT_FOUND);
  return present(row, today);
}

/** What the audit keeps of a reservation. */
function recordOf(row: ReservationRow) {
  return {
    branch_code: row.branchCode,
    free_months: row.freeMonths,
    start_date: row.startDate,
    finish_date: row.finishDate,
    canceled_at: row.canceledAt?.toISOString() ?? null,
    version: row.version,
  };
}

/**
 * Serializes changes to one bank's reservations until the transaction ends:
 * the overlap check and the write it guards happen as one, so two requests
 * at once cannot both find the period free.
 */
async function lockBankReservations(tx: Tx, bankCode: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`free-trial:${bankCode}`}))`);
}

/** The checks a new or edited reservation passes: a branch of the bank, not in the past, and no overlap with another of the same target. */
async function checkReservation(tx: Tx, bankCode: string, input: ReservationInput, today: string, exceptId: number | null) {
  const fields: Record<string, string[]> = {};
  if (input.branch_code !== null) {
    const [branch] = await tx
      .select({ code: bankBranches.branchCode })
      .from(bankBranches)
      .where(and(eq(bankBranches.bankCode, bankCode), eq(bankBranches.branchCode, input.branch_code)));
    if (!branch) fields.branch_code = ["この銀行の支店から選んでください"];
  }
  if (input.start_date < today) fields.start_date = [`開始日は今日（${formatListDate(today)}）以降の日付にしてください`];
  if (Object.keys(fields).length > 0) throw validationFailed(fields);

  const [other] = await tx
    .select({
      startDate: freeTrialReservations.startDate,
      finishDate: freeTrialReservations.finishDate,
    })
    .from(freeTrialReservations)
    .where(
      and(
        eq(freeTrialReservations.bankCode, bankCode),
        isNull(freeTrialReservations.canceledAt),
        sql`${freeTrialReservations.branchCode} is not distinct from ${input.branch_code}`,
        sql`${freeTrialReservations.startDate} <= ${input.finish_date}`,
        sql`${freeTrialReservations.finishDate} >= ${input.start_date}`,
        exceptId === null ? undefined : ne(freeTrialReservations.id, exceptId),
      ),
    )
    .orderBy(asc(freeTrialReservations.startDate))
    .limit(1);
  if (other) {
    const message = `同じ対象の予約（${formatListDate(other.startDate)}〜${formatListDate(
      other.finishDate,
    )}）と期間が重なっています。重ならない期間を指定してください`;
    throw validationFailed({ start_date: [message], finish_date: [message] }, message);
  }
}

/** Reserves free months for the bank's new companies (or a branch's), kept in the audit; answers its id. */
export async function createReservation(db: Database, actor: AdminActor, bankCode: string, input: ReservationInput, today: string): Promise<number> {
  return db.transaction(async (tx) => {
    await lockBankReservations(tx, bankCode);
    await checkReservation(tx, bankCode, input, today, null);
    const [row] = await tx
      .insert(freeTrialReservations)
      .values({
        bankCode,
        branchCode: input.branch_code,
        freeMonths: input.free_months,
        startDate: input.start_date,
        finishDate: input.finish_date,
        createdBy: actor.scope.caller.userUniqueCode,
      })
      .returning();
    await recordAdminAction(tx, actor, {
      bankCode,
      action: "free_trial_reservation.create",
      target: `free_trial_reservation:${row!.id}`,
      after: recordOf(row!),
    });
    return row!.id;
  });
}

/** The reservation locked for a change, refused when stale. */
async function lockedReservation(tx: Tx, bankCode: string, id: number, version: number, refuse: (row: ReservationRow) => string | null) {
  await lockBankReservations(tx, bankCode);
  const [row] = await tx
    .select()
    .from(freeTrialReservations)
    .where(and(eq(freeTrialReservations.id, id), eq(freeTrialReservations.bankCode, bankCode)))
    .for("update");
  if (!row) throw notFound(RESERVATION_NOT_FOUND);
  const refusal = refuse(row);
  if (refusal) throw conflict(refusal);
  if (row.version !== version) throw conflict(RESERVATION_STALE);
  return row;
}

/** A change to a reservation, kept in the audit with the record before and after it. */
function recordChange(tx: Tx, actor: AdminActor, action: "free_trial_reservation.update" | "free_trial_reservation.cancel", before: ReservationRow, after: ReservationRow) {
  return recordAdminAction(tx, actor, { bankCode: before.bankCode, action, target: `free_trial_reservation:${before.id}`, before: recordOf(before), after: recordOf(after) });
}

/** Edits a reservation that has not started yet (409 once it has, or when cancelled), kept in the audit. */
export async function updateReservation(db: Database, actor: AdminActor, bankCode: string, id: number, version: number, input: ReservationInput, today: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockedReservation(tx, bankCode, id, version, (row) => {
      if (row.canceledAt) return "取り消した予約は変更できません。";
      return row.startDate <= today ? RESERVATION_STARTED : null;
    });
    await checkReservation(tx, bankCode, input, today, id);
    const [row] = await tx
      .update(freeTrialReservations)
      .set({
        branchCode: input.branch_code,
        freeMonths: input.free_months,
        startDate: input.start_date,
        finishDate: input.finish_date,
        version: before.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(freeTrialReservations.id, id))
      .returning();
    await recordChange(tx, actor, "free_trial_reservation.update", before, row!);
  });
}

/** Cancels a reservation any time before it finishes (it stays listed as 取消), kept in the audit. */
export async function cancelReservation(db: Database, actor: AdminActor, bankCode: string, id: number, version: number, today: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockedReservation(tx, bankCode, id, version, (row) => {
      if (row.canceledAt) return "この予約はすでに取り消されています。";
      return row.finishDate < today ? "終了した予約は取り消せません。" : null;
    });
    const [row] = await tx
      .update(freeTrialReservations)
      .set({
        canceledAt: new Date(),
        version: before.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(freeTrialReservations.id, id))
      .returning();
    await recordChange(tx, actor, "free_trial_reservation.cancel", before, row!);
  });
}

/** The version a change was made from: a number, or 422. */
export function versionOf(body: Record<string, unknown>): number {
  const version = Number(body.version);
  if (body.version === undefined || body.version === "" || !Number.isInteger(version)) throw validationFailed({ version: ["このフィールドは必須です"] });
  return version;
}
