import { and, eq } from "drizzle-orm";
import { todayJst } from "../domain/datetime";
import { MONTH_END, recurringScheduleSchema } from "../domain/recurrence";
import { DEMO_USERS } from "./demo-data";
import { documents } from "../api/db/schema";
import { wholeCompany } from "../api/documents/scope";
import type { Writer } from "../api/documents/store";
import { createSchedule } from "../api/billing/recurring";

/**
 * The demo's 定期請求 (decision 031): デモ商事's monthly maintenance invoice (「10月分保守」) made again at each
 * month's end as a draft, worded for its month. It starts next month, so the demo has a schedule to look at and
 * the demo's invoices do not change while the sandbox is being tried (or tested) this month.
 */
export async function seedDemoRecurring(tx: Writer): Promise<void> {
  const tenant = "C-DEMO";
  const [invoice] = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.companyUniqueCode, tenant), eq(documents.kind, "invoice"), eq(documents.subject, "10月分保守")));
  if (!invoice) return;
  const owner = DEMO_USERS.find((user) => user.userUniqueCode === "U-DEMO-OWNER")!;
  const today = todayJst();
  const nextMonth = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
  const input = recurringScheduleSchema.parse({
    day_of_month: MONTH_END,
    interval_months: 1,
    start_date: nextMonth.toISOString().slice(0, 10),
    subject: "{年}年{月}月分保守",
  });
  await createSchedule(tx, wholeCompany(tenant), invoice.id, input, { code: owner.userUniqueCode, name: `${owner.lastName} ${owner.firstName}` }, today);
}
