import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { banks } from "../db/schema";

/** A bank's settings as the product holds them (SPEC §3; its admins change them in the admin area, decision 027). */

/** What the pages read of the caller's bank: the receive menu and check follow `enablePaymentReceive` without a new sign-in. */
export async function bankConfigOf(db: Database, bankCode: string) {
  const [config] = await db
    .select({
      bankCode: banks.bankCode,
      baName: banks.baName,
      enablePaymentReceive: banks.enablePaymentReceive,
      checkPaymentMethodFilled: banks.checkPaymentMethodFilled,
      isPaymentMethodFilled: banks.isPaymentMethodFilled,
    })
    .from(banks)
    .where(eq(banks.bankCode, bankCode))
    .limit(1);
  return config ?? null;
}

/** Whether the product serves this bank at all. */
export async function isKnownBank(db: Database, bankCode: string): Promise<boolean> {
  const [bank] = await db.select({ bankCode: banks.bankCode }).from(banks).where(eq(banks.bankCode, bankCode)).limit(1);
  return bank !== undefined;
}
