import { z } from "zod";
import { AGING_BUCKETS, PERIOD_KEYS } from "./reports";

/**
 * The Payment API's report answers (GET /reports/{report}), as they arrive: the API builds them with these types, its
 * tests read them with these schemas, and the reports page parses with them (issue 35). domain/reports.ts names the
 * types.
 */

const period = z.object({ key: z.enum(PERIOD_KEYS), from: z.string().nullable(), to: z.string().nullable(), fiscal_year_end_month: z.number().int() });
const customerRow = z.object({ key: z.string(), customer_id: z.number().int().nullable(), customer_name: z.string() });

const salesAmounts = z.object({ count: z.number().int(), tax_excluded: z.string(), tax: z.string(), tax_included: z.string() });
export const salesReportAnswer = z.object({
  period,
  total: salesAmounts,
  months: z.array(salesAmounts.extend({ month: z.string() })),
  customers: z.array(customerRow.merge(salesAmounts)),
  others: salesAmounts.extend({ customers: z.number().int() }).nullable(),
});

const agingAmounts = z
  .object({ count: z.number().int(), amount: z.string() })
  .extend(Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, z.string()])) as Record<(typeof AGING_BUCKETS)[number], z.ZodString>);
const receivableInvoice = z.object({
  id: z.number().int(),
  number: z.string(),
  customer_name: z.string(),
  issue_date: z.string(),
  due_date: z.string(),
  days_past_due: z.number().int(),
  bucket: z.enum(AGING_BUCKETS),
  status: z.number().int(),
  amount_due: z.string(),
  credit_note_of: z.number().int().nullable(),
});
export const receivablesReportAnswer = z.object({
  period,
  as_of: z.string(),
  total: agingAmounts,
  customers: z.array(customerRow.merge(agingAmounts)),
  others: agingAmounts.extend({ customers: z.number().int() }).nullable(),
  customer: customerRow.nullable(),
  invoices: z.object({ items: z.array(receivableInvoice), total: z.number().int(), page: z.number().int(), per_page: z.number().int() }),
});

const estimateTally = z.object({ count: z.number().int(), won: z.number().int(), lost: z.number().int(), pending: z.number().int(), win_rate: z.string().nullable(), won_amount: z.string() });
export const estimatesReportAnswer = z.object({
  period,
  outcomes: z.array(z.object({ status: z.number().int(), label: z.string(), count: z.number().int(), tax_excluded: z.string() })),
  months: z.array(estimateTally.extend({ month: z.string() })),
  total: estimateTally,
});

const receivedAmounts = z.object({ count: z.number().int(), amount: z.string(), verified: z.number().int(), verified_share: z.string().nullable() });
export const receivedReportAnswer = z.object({
  period,
  total: receivedAmounts,
  months: z.array(receivedAmounts.extend({ month: z.string() })),
  suppliers: z.array(receivedAmounts.extend({ key: z.string(), supplier_name: z.string() })),
  others: receivedAmounts.extend({ suppliers: z.number().int() }).nullable(),
});

/** Each report's answer, by the report's name in the path. */
export const REPORT_ANSWERS = { sales: salesReportAnswer, receivables: receivablesReportAnswer, estimates: estimatesReportAnswer, received: receivedReportAnswer };
