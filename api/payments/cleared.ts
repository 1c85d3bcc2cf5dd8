import { isNull, sql } from "drizzle-orm";
import { payments } from "../db/schema";

/*
 * What an invoice's payments clear, written once for every query that needs it (decision 033): the amount
 * received plus the transfer fee the payer deducted, and nothing of a cancelled payment.
 */

/** A payment that counts: not cancelled. */
export const notCancelled = isNull(payments.cancelledAt);

/** Σ(amount + fee) of the payments a query selects, 0 when there are none, as decimal text's source. */
export const clearedSum = sql<string>`coalesce(sum(${payments.amount} + ${payments.fee}), 0)`;
