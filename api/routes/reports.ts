import { Router, type Request } from "express";
import { z } from "zod";
import { todayJst } from "../../domain/datetime";
import { PERIOD_KEYS, REPORT_KINDS, REPORT_PERIODS, REPORT_TABLES, isPeriodProblem, periodText, resolvePeriod, type ReportKind, type ResolvedPeriod } from "../../domain/reports";
import { sendCsv } from "../csv/stream";
import type { Database } from "../db/client";
import type { DocumentScope } from "../documents/scope";
import { badRequest, notFound, validationFailed } from "../errors";
import { requireDocumentScope, requireReceiveScope } from "../membership";
import { ReportCache } from "../reports/cache";
import { fiscalYearEndMonthOf, periodKey } from "../reports/common";
import {
  estimateMonthsCsv,
  estimateOutcomesCsv,
  receivableInvoicesCsv,
  receivablesCustomersCsv,
  receivedMonthsCsv,
  receivedSuppliersCsv,
  reportCsv,
  salesCustomersCsv,
  salesMonthsCsv,
} from "../reports/csv";
import { estimatesReport } from "../reports/estimates";
import { receivableInvoices, receivablesReport } from "../reports/receivables";
import { receivedReport } from "../reports/received";
import { salesReport } from "../reports/sales";
import { handler } from "./handler";
import { parseListQuery } from "./master-records";

const periodQuery = z.object({
  period: z.enum(PERIOD_KEYS).optional(),
  from: z.string().max(10).optional(),
  to: z.string().max(10).optional(),
});
const receivablesQuery = periodQuery.extend({
  customer: z.string().max(300).optional().default(""),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});
const exportQuery = receivablesQuery.extend({
  table: z.string().max(20),
  encoding: z.enum(["UTF8", "UTF8N", "SJIS"]).optional().default("UTF8"),
});

/** The report's tenant and scope: the issued documents' (decision 024), or for 受取 the receive check and its scope. */
const scopeOf = (db: Database, req: Request, report: ReportKind): Promise<DocumentScope> =>
  report === "received" ? requireReceiveScope(db, req, { write: false }) : requireDocumentScope(db, req, { write: false });

/** The version lists a report's figures depend on (document_list_versions). */
const VERSIONS: Record<ReportKind, readonly string[]> = { sales: ["invoice"], receivables: ["invoice"], estimates: ["estimate"], received: ["received"] };

/** The period asked for, as dates on today's JST date and the company's business year; a custom range that cannot be read is a 422 naming the field. */
async function periodOf(db: Database, tenant: string, report: ReportKind, query: z.output<typeof periodQuery>): Promise<ResolvedPeriod> {
  const key = query.period ?? REPORT_PERIODS[report][0]!;
  if (!REPORT_PERIODS[report].includes(key)) throw badRequest("期間の指定が正しくありません。");
  const resolved = resolvePeriod(key, todayJst(), await fiscalYearEndMonthOf(db, tenant), { from: query.from, to: query.to });
  if (isPeriodProblem(resolved)) throw validationFailed({ [resolved.field]: [resolved.message] }, resolved.message);
  return resolved;
}

type Dated = ResolvedPeriod & { from: string; to: string };

/**
 * The reports (issue 18, docs/decisions/028): one endpoint per report, each
 * aggregated in SQL inside the caller's scope, so a figure equals the sum of
 * the list the same user sees with the same filters; and each table as CSV.
 */
export function reportRoutes(db: Database): Router {
  const router = Router();
  const cache = new ReportCache();

  async function compute(req: Request, report: ReportKind, query: z.output<typeof receivablesQuery>) {
    const scope = await scopeOf(db, req, report);
    const period = await periodOf(db, scope.tenant, report, query);
    const today = todayJst();
    const key = [report, scope.tenant, scope.createdBy ?? "", periodKey(period), report === "receivables" ? `${today}|${query.customer}|${query.page}` : ""].join("|");
    const value = await cache.get(db, scope.tenant, VERSIONS[report], key, async () => {
      switch (report) {
        case "sales":
          return { kind: "sales" as const, ...(await salesReport(db, scope, period as Dated)) };
        case "receivables":
          return { kind: "receivables" as const, ...(await receivablesReport(db, scope, period, today, query.customer || null, query.page)) };
        case "estimates":
          return { kind: "estimates" as const, ...(await estimatesReport(db, scope, period as Dated)) };
        case "received":
          return { kind: "received" as const, ...(await receivedReport(db, scope, period as Dated)) };
      }
    });
    return { scope, period, today, value };
  }

  for (const report of REPORT_KINDS) {
    router.get(
      `/reports/${report}`,
      handler(async (req, res) => {
        const { value } = await compute(req, report, parseListQuery(receivablesQuery, req.query));
        // The full customer and supplier lists are the CSV's; the page shows the first 20 and 「その他」.
        const { kind: _kind, ...shown } = value;
        res.json(Object.fromEntries(Object.entries(shown).filter(([name]) => name !== "allCustomers" && name !== "allSuppliers")));
      }),
    );
  }

  router.get(
    "/reports/:report/export",
    handler(async (req, res) => {
      const report = req.params.report as ReportKind;
      if (!REPORT_KINDS.includes(report)) throw notFound("該当するレポートがありません。");
      const query = parseListQuery(exportQuery, req.query);
      if (!REPORT_TABLES[report].includes(query.table)) throw badRequest("表の指定が正しくありません。");
      const { scope, period, today, value } = await compute(req, report, { ...query, page: 1 });
      let rows: string[][];
      if (value.kind === "sales") rows = query.table === "months" ? salesMonthsCsv(value) : salesCustomersCsv(value, value.allCustomers);
      else if (value.kind === "receivables")
        rows = query.table === "customers" ? receivablesCustomersCsv(value.total, value.allCustomers) : receivableInvoicesCsv(await receivableInvoices(db, scope, period, today, query.customer || null, null));
      else if (value.kind === "estimates") rows = query.table === "outcomes" ? estimateOutcomesCsv(value) : estimateMonthsCsv(value);
      else rows = query.table === "months" ? receivedMonthsCsv(value) : receivedSuppliersCsv(value, value.allSuppliers);
      const name = `${REPORT_FILE_NAMES[report]}_${TABLE_FILE_NAMES[query.table]}_${periodText(period)}`;
      await sendCsv(res, async function* () {
        yield reportCsv(rows);
      }, { encoding: query.encoding, asciiFileName: `report-${report}-${query.table}-${periodText(period)}.csv`, fileName: `${name}.csv` });
    }),
  );

  return router;
}

const REPORT_FILE_NAMES: Record<ReportKind, string> = { sales: "売上", receivables: "売掛金", estimates: "見積", received: "受取" };
const TABLE_FILE_NAMES: Record<string, string> = { months: "月別", customers: "取引先別", invoices: "未入金の請求書", outcomes: "結果別", suppliers: "取引先別" };
