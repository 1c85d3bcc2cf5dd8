/**
 * The benchmark's floor: the least a server could do for the invoice list,
 * the invoice detail and TOP — a plain node:http server running the SQL the
 * Payment API runs for those pages (the sign-out and membership checks of
 * each API call, then the page's own statements; TOP's many figures through
 * the API's own function, so they cannot drift apart) into a string template,
 * with no framework, no token check and no React. It exists only to be
 * compared against: `npm run bench` starts it beside the real server on the
 * same database and prints each page's throughput as a share of it.
 *
 *   FLOOR_PORT=… FLOOR_COMPANY=… FLOOR_USER=… FLOOR_BANK=… (DATABASE_URL=… | DATA_DIR=…) tsx scripts/bench-floor.ts
 */
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { openDatabase } from "../api/db/client";
import { invoiceInScope, paymentSummary } from "../api/payments/store";
import { ReportCache } from "../api/reports/cache";
import { topSummary } from "../api/top/summary";

type Row = Record<string, unknown>;
type Query = (text: string, params: unknown[]) => Promise<{ rows: Row[] }>;

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const company = env("FLOOR_COMPANY");
const user = env("FLOOR_USER");
const bank = env("FLOOR_BANK");
const port = Number(env("FLOOR_PORT"));
const database = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: env("DATA_DIR"), ownThread: true });
// The driver under Drizzle: pg's Pool, or the PGlite instance; both answer query(text, params) with rows.
const query = (database.db as unknown as { $client: { query: Query } }).$client.query.bind((database.db as unknown as { $client: object }).$client) as Query;
const tokenHash = createHash("sha256").update("floor").digest("hex");

const escape = (value: unknown) => String(value ?? "").replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** What every API call checks before its own work: the token not signed out, the caller a member. */
async function apiCallChecks(): Promise<void> {
  await query("select token_hash from revoked_tokens where token_hash = $1 limit 1", [tokenHash]);
  await query("select role, company_unique_code from payment_service_users where user_unique_code = $1 limit 1", [user]);
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><title>${escape(title)} | 帳票クラウド</title></head><body><main><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

async function invoiceList(): Promise<string> {
  await apiCallChecks();
  const [rows, totals] = await Promise.all([
    query(
      `select id, kind, number, status, issue_date, customer_id, customer_name, customer_honorific, subject, tax_included, amount_due, issued_at, voided_at, version, updated_at
       from documents where company_unique_code = $1 and kind = 'invoice' and voided_at is null
       order by issue_date desc, id desc limit 50 offset 0`,
      [company],
    ),
    query(
      "select coalesce(sum(document_count), 0) as total, coalesce(sum(tax_included), 0) as tax_included, coalesce(sum(amount_due), 0) as amount_due from document_totals where company_unique_code = $1 and kind = 'invoice'",
      [company],
    ),
  ]);
  const ids = rows.rows.map((row) => row.id);
  const mails = await query("select distinct on (document_id) document_id, status, first_opened_at from document_mails where document_id = any($1) order by document_id, id desc", [ids]);
  const mailOf = new Map(mails.rows.map((mail) => [mail.document_id, mail.status]));
  const total = totals.rows[0]!;
  const body = rows.rows
    .map(
      (row) =>
        `<tr><td><a href="/invoices/detail/${escape(row.id)}">${escape(row.number)}</a></td><td>${escape(row.issue_date)}</td><td>${escape(row.customer_name)} ${escape(row.customer_honorific)}</td><td>${escape(row.subject)}</td><td>${escape(row.tax_included)}円</td><td>${escape(row.status)}</td><td>${escape(mailOf.get(row.id))}</td></tr>`,
    )
    .join("");
  return page("請求書一覧", `<p>${escape(total.total)}件 合計 ${escape(total.tax_included)}円</p><table><tbody>${body}</tbody></table>`);
}

async function invoiceDetail(id: number): Promise<string | null> {
  await apiCallChecks();
  const found = await query("select * from documents where id = $1 and company_unique_code = $2 and kind = 'invoice' limit 1", [id, company]);
  const document = found.rows[0];
  if (!document) return null;
  const [lines, history, derived, mails, revisions] = await Promise.all([
    query("select * from document_lines where document_id = $1 order by position", [id]),
    query("select * from document_status_history where document_id = $1 order by changed_at, id", [id]),
    query("select id, kind, number, credit_note_of from documents where (source_document_id = $1 or credit_note_of = $1) and company_unique_code = $2 order by id", [id, company]),
    query("select id, snapshot_id, status, created_at from document_mails where document_id = $1 order by id", [id]),
    query("select id, revision, reason, created_at, created_by, created_by_name from document_snapshots where document_id = $1 order by revision", [id]),
  ]);
  // The page's other API calls, made alongside: the company's profile for the issuer block, and the invoice's payments.
  const [[companies, accounts], payments] = await Promise.all([
    apiCallChecks().then(async () => {
      const companies = await query("select * from companies where company_unique_code = $1 order by id", [company]);
      return [companies, await query("select * from company_bank_accounts where company_id = any($1) order by id", [companies.rows.map((row) => row.id)])] as const;
    }),
    apiCallChecks().then(async () => paymentSummary(database.db, await invoiceInScope(database.db, { tenant: company, createdBy: null }, id))),
  ]);
  // A document that can be sent: the send form's first values, from the kind's settings and the customer's address.
  const [settings, customers] = await Promise.all([
    apiCallChecks().then(() =>
      Promise.all([
        query("select * from document_settings where company_unique_code = $1", [company]),
        query("select * from document_counters where company_unique_code = $1", [company]),
      ]),
    ),
    document.customer_id === null
      ? null
      : apiCallChecks().then(() => query("select * from customers where id = $1 and company_unique_code = $2 limit 1", [document.customer_id, company])),
  ]);
  const lineRows = lines.rows.map((line) => `<tr><td>${escape(line.description)}</td><td>${escape(line.quantity)}</td><td>${escape(line.unit_price)}</td><td>${escape(line.amount)}</td></tr>`).join("");
  const extra =
    history.rows.length + derived.rows.length + mails.rows.length + revisions.rows.length + accounts.rows.length + payments.payments.length + settings.length + (customers?.rows.length ?? 0);
  return page(
    `請求書 ${String(document.number)}`,
    `<p>${escape(document.customer_name)} ${escape(document.customer_honorific)}</p><p>${escape(companies.rows[0]?.company_name)}</p><table><tbody>${lineRows}</tbody></table><p>${escape(document.tax_included)}円 (${extra})</p>`,
  );
}

/** The company's owner sees every document, so TOP's figures are the whole company's; kept per list version as the API keeps them. */
const topCache = new ReportCache();

async function top(): Promise<string> {
  await apiCallChecks();
  const summary = await topSummary(database.db, topCache, { tenant: company, createdBy: null }, bank);
  const latest = summary.latestDocuments.map((row) => `<li>${escape(row.number)} ${escape(row.customerName)} ${escape(row.taxIncluded)}円</li>`).join("");
  return page(
    "TOP",
    `<p>今月の売上 ${escape(summary.sales.thisMonth.taxIncluded)}円 (${escape(summary.sales.thisMonth.count)}件) 前月 ${escape(summary.sales.lastMonth.taxIncluded)}円</p>` +
      `<p>未入金 ${escape(summary.receivables.unpaid.amount)}円 期限超過 ${escape(summary.receivables.overdue.amount)}円 回答待ち ${escape(summary.awaitingEstimates.count)}件 送信エラー ${escape(summary.mailErrors.count)}件 お知らせ ${escape(summary.notices.length)}件</p><ul>${latest}</ul>`,
  );
}

const server = createServer((req, res) => {
  const answer = async (): Promise<[number, string]> => {
    const path = req.url ?? "/";
    if (path === "/healthz") return [200, "ok"];
    if (path === "/top") return [200, await top()];
    if (path === "/invoices/list") return [200, await invoiceList()];
    const detail = /^\/invoices\/detail\/(\d+)$/.exec(path);
    if (detail) {
      const html = await invoiceDetail(Number(detail[1]));
      return html ? [200, html] : [404, page("見つかりません", "")];
    }
    return [404, page("見つかりません", "")];
  };
  answer().then(
    ([status, html]) => res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" }).end(html),
    (error: unknown) => {
      // Requests still running when the bench stops the floor find the database closed: not a failure of the floor.
      if (!stopping) console.error(error);
      res.writeHead(500).end();
    },
  );
});
server.listen(port, "127.0.0.1");
let stopping = false;
process.on("SIGTERM", () => {
  stopping = true;
  server.close();
  void database.close().then(() => process.exit(0));
});
