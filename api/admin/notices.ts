import { and, eq } from "drizzle-orm";
import { jstDateTime, type BankNoticeInput } from "../../domain/admin-banks";
import type { Database } from "../db/client";
import { bankNotices } from "../db/schema";
import { conflict, notFound } from "../errors";
import { recordAdminAction, type AdminActor } from "./audit";
import { NOTICE_NOT_FOUND } from "./banks";

/** A bank's notices to its companies (decision 027): published and withdrawn by its admins, each kept in the audit. */

export type NoticeRow = typeof bankNotices.$inferSelect;

/** Publishes a notice; a maintenance notice carries its window. */
export async function publishNotice(db: Database, actor: AdminActor, bankCode: string, input: BankNoticeInput): Promise<NoticeRow> {
  const maintenance = input.kind === "maintenance";
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bankNotices)
      .values({
        bankCode,
        kind: input.kind,
        title: input.title,
        body: input.body,
        startsAt: maintenance ? jstDateTime(input.starts_at) : null,
        endsAt: maintenance ? jstDateTime(input.ends_at) : null,
        publishFrom: input.publish_from,
        publishUntil: input.publish_until,
        createdBy: actor.scope.caller.userUniqueCode,
      })
      .returning();
    await recordAdminAction(tx, actor, {
      bankCode,
      action: "bank_notice.create",
      target: `bank_notice:${row!.id}`,
      after: { ...input, id: row!.id },
    });
    return row!;
  });
}

/** Withdraws a notice read at `version`; 409 when it was withdrawn or changed since. */
export async function withdrawNotice(db: Database, actor: AdminActor, bankCode: string, id: number, version: number): Promise<NoticeRow> {
  return db.transaction(async (tx) => {
    const where = and(eq(bankNotices.id, id), eq(bankNotices.bankCode, bankCode));
    const [current] = await tx.select().from(bankNotices).where(where).for("update");
    if (!current) throw notFound(NOTICE_NOT_FOUND);
    if (current.withdrawnAt) throw conflict("このお知らせはすでに取り下げられています。");
    if (current.version !== version) throw conflict("ほかの操作でこのお知らせが更新されています。画面を読み込み直してから操作してください。");
    const [row] = await tx
      .update(bankNotices)
      .set({
        withdrawnAt: new Date(),
        version: current.version + 1,
        updatedAt: new Date(),
      })
      .where(where)
      .returning();
    await recordAdminAction(tx, actor, {
      bankCode,
      action: "bank_notice.withdraw",
      target: `bank_notice:${id}`,
      before: { title: current.title, withdrawn_at: null },
      after: {
        title: current.title,
        withdrawn_at: row!.withdrawnAt!.toISOString(),
      },
    });
    return row!;
  });
}
