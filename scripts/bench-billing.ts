/**
 * The monthly billing cycle's bench cases (issue 19 item 5), for `npm run bench -- --only=billing`:
 * 合算請求 of 1,000 issued delivery slips of 100 customers into 100 invoices, and 入金消込 of a 10,000-line
 * 全銀 入出金取引明細 against 10,000 open invoices (the upload, the proposals, and confirming 1,000 matches in
 * one call). Each is timed through the Payment API's own functions on a freshly migrated database, with the
 * data written straight to the tables first (making it through the API would time the data, not the case),
 * and its result is checked, so a fast wrong answer is a failure, not a good time.
 */
import { and, eq, sql } from "drizzle-orm";
import { mergeClosingInvoices } from "../api/billing/closing";
import type { Database } from "../api/db/client";
import { customers, documentLines, documents } from "../api/db/schema";
import type { DocumentScope } from "../api/documents/scope";
import { confirmMatches, saveStatement, statementWithProposals, type Confirmation } from "../api/payments/statements";
import { COMPANY_DEFAULTS } from "../domain/codes";
import { INVOICE_PAID, INVOICE_UNPAID } from "../domain/lifecycle";
import { searchKey } from "../domain/normalize";
import { bankKana, writeZenginStatement, type ZenginEntry } from "../sandbox/zengin-file";

/** "Seconds, not minutes": each case's budget. */
export const BILLING_BUDGET_SECONDS = 60;

export type BillingRow = { database: string; name: string; seconds: number; budgetSeconds: number; result: string };

const ACTOR = { code: "U-BENCH-BILLING", name: "ベンチ" };
/** Tenants of their own: the cases share a database and neither may see the other's documents. */
const CLOSING_SCOPE: DocumentScope = { tenant: "C-BENCH-CLOSING", createdBy: null };
const MATCHING_SCOPE: DocumentScope = { tenant: "C-BENCH-MATCHING", createdBy: null };

const CHUNK = 1_000;
const CLOSING_CUSTOMERS = 100;
const SLIPS_PER_CUSTOMER = 10;
const CLOSING_DATE = "2025-01-31";
const MATCHING_CUSTOMERS = 1_000;
const OPEN_INVOICES = 10_000;
const CONFIRMED_MATCHES = 1_000;
/** The fee payers deduct on every tenth deposit (先方負担手数料). */
const DEDUCTED_FEE = 440;

const { taxId, bankAccountTypeId: _accountType, ...rounding } = COMPANY_DEFAULTS;
/** The columns a document row needs beyond its kind, number, customer and amounts: what a company has when it set nothing. */
const DOCUMENT_DEFAULTS = { ...rounding, taxTypeId: taxId, customerHonorific: "御中" as const, withholdingAmount: "0", createdBy: ACTOR.code };

/** Rows inserted CHUNK at a time (a statement's parameters are limited), with what each insert returns. */
async function insertChunked<T, R>(rows: readonly T[], insert: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const returned: R[] = [];
  for (let start = 0; start < rows.length; start += CHUNK) returned.push(...(await insert(rows.slice(start, start + CHUNK))));
  return returned;
}

/** Statistics as autovacuum would have them on a company's tables: the data was loaded a moment ago. */
async function analyze(db: Database): Promise<void> {
  await db.execute(sql`analyze customers, documents, document_lines`);
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const started = performance.now();
  const value = await run();
  return { value, seconds: (performance.now() - started) / 1000 };
}

/** Each case's outcome, held to the budget by the caller's table; a wrong result stops the bench. */
function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(`billing bench: ${message}`);
}

/**
 * 100 customers closing at the month's end, each with ten issued January slips of one reduced-rate and one
 * standard-rate line (as the closing test's last case), merged per slip in one call.
 */
async function closingCase(db: Database, database: string): Promise<BillingRow> {
  const made = await db
    .insert(customers)
    .values(
      Array.from({ length: CLOSING_CUSTOMERS }, (_, index) => ({
        companyUniqueCode: CLOSING_SCOPE.tenant,
        name: `株式会社締め${index}`,
        searchKey: searchKey(`株式会社締め${index}`),
        closingDay: 99,
      })),
    )
    .returning({ id: customers.id, name: customers.name });
  const slipRows = made.flatMap((customer, index) =>
    Array.from({ length: SLIPS_PER_CUSTOMER }, (_, day) => {
      const date = `2025-01-${String(day + 1).padStart(2, "0")}`;
      return {
        ...DOCUMENT_DEFAULTS,
        companyUniqueCode: CLOSING_SCOPE.tenant,
        kind: "delivery_slip" as const,
        number: `BENCH-${index}-${day}`,
        status: 2,
        issueDate: date,
        deliveryDate: date,
        customerId: customer.id,
        customerName: customer.name,
        customerSearchKey: searchKey(customer.name),
        // 155 at 8 % and 1,001 at 10 %: 12 + 100 tax.
        taxExcluded: "1156",
        tax: "112",
        taxIncluded: "1268",
        amountDue: "1268",
        issuedAt: new Date(),
      };
    }),
  );
  const slips = await insertChunked(slipRows, (chunk) => db.insert(documents).values(chunk).returning({ id: documents.id }));
  await insertChunked(
    slips.flatMap(({ id }) => [
      { documentId: id, position: 0, description: "米", quantity: "1", unitPrice: "155", taxCategory: "reduced" as const, taxRate: 8, amount: "155" },
      { documentId: id, position: 1, description: "配送料", quantity: "1", unitPrice: "1001", taxCategory: "standard" as const, taxRate: 10, amount: "1001" },
    ]),
    (chunk) => db.insert(documentLines).values(chunk).returning({ id: documentLines.id }),
  );
  await analyze(db);
  const { value: result, seconds } = await timed(() =>
    mergeClosingInvoices(db, CLOSING_SCOPE, { closingDate: CLOSING_DATE, customerIds: null, lineMode: "per_slip" }, ACTOR),
  );
  const full = result.created.filter((invoice) => invoice.slipCount === SLIPS_PER_CUSTOMER);
  check(
    full.length === CLOSING_CUSTOMERS && result.skipped.length === 0,
    `closing made ${result.created.length} invoices (${full.length} of 10 slips), skipped ${result.skipped.length}`,
  );
  // 10 × 155 at 8 % and 10 × 1,001 at 10 %, one rounding per rate: 1,550 + 124 and 10,010 + 1,001.
  check(
    full.every((invoice) => invoice.taxIncluded === "12685"),
    `a closing invoice's total is not 12685: ${full.find((invoice) => invoice.taxIncluded !== "12685")?.taxIncluded}`,
  );
  return { database, name: "closing: 1,000 slips → 100 invoices", seconds, budgetSeconds: BILLING_BUDGET_SECONDS, result: `${full.length} invoices` };
}

const KANA = "アイウエオカキクケコサシスセソタチツテト";
const KANA_SUFFIXES = ["ショウジ", "ケンセツ", "サンギョウ", "デンキ", "ショウテン"];

/** A customer's フリガナ, distinct for each index below 8,000: three letters of KANA, then a trade. */
function kanaOf(index: number): string {
  const letters = [Math.floor(index / 400) % 20, Math.floor(index / 20) % 20, index % 20].map((at) => KANA[at]).join("");
  return `${letters}${KANA_SUFFIXES[index % KANA_SUFFIXES.length]}`;
}

/** What deposit `index` of the statement is: the customer paying in full, with the fee deducted, or a payer no customer is. */
type DepositKind = "exact" | "fee" | "unknown, invoice amount" | "unknown, no invoice";

function depositKindOf(index: number): DepositKind {
  if (index % 50 === 7) return "unknown, invoice amount";
  if (index % 50 === 17) return "unknown, no invoice";
  return index % 10 === 3 ? "fee" : "exact";
}

/** Amounts 37 yen apart: each invoice's is its own, and a fee deducted never lands on another invoice's. */
const invoiceAmountOf = (index: number) => 10_000 + index * 37;

/**
 * 10,000 issued, unpaid invoices of 1,000 customers with kana names, and a statement with a deposit for each:
 * from the customer's bank kana name (ｶ)ｱｲｳｼﾖｳｼﾞ) in full or less the fee, or from a payer no customer is,
 * for an invoice's amount or for none. The upload, the proposals, and confirming 1,000 proposals are timed.
 */
async function matchingCases(db: Database, database: string): Promise<BillingRow[]> {
  const made = await db
    .insert(customers)
    .values(
      Array.from({ length: MATCHING_CUSTOMERS }, (_, index) => {
        const name = `株式会社ベンチ${index}`;
        return { companyUniqueCode: MATCHING_SCOPE.tenant, name, nameKana: kanaOf(index), searchKey: searchKey(`${name}${kanaOf(index)}`) };
      }),
    )
    .returning({ id: customers.id, name: customers.name, kana: customers.nameKana });
  const invoiceRows = Array.from({ length: OPEN_INVOICES }, (_, index) => {
    const customer = made[index % MATCHING_CUSTOMERS]!;
    const amount = String(invoiceAmountOf(index));
    return {
      ...DOCUMENT_DEFAULTS,
      companyUniqueCode: MATCHING_SCOPE.tenant,
      kind: "invoice" as const,
      number: `MATCH-${String(index).padStart(6, "0")}`,
      status: INVOICE_UNPAID,
      issueDate: `2026-10-${String((index % 28) + 1).padStart(2, "0")}`,
      dueDate: "2026-11-30",
      customerId: customer.id,
      customerName: customer.name,
      customerSearchKey: searchKey(customer.name),
      taxExcluded: amount,
      tax: "0",
      taxIncluded: amount,
      amountDue: amount,
      issuedAt: new Date(),
    };
  });
  const inserted = await insertChunked(invoiceRows, (chunk) => db.insert(documents).values(chunk).returning({ id: documents.id, number: documents.number }));
  const invoiceIds = new Map(inserted.map((row) => [row.number, row.id]));
  const invoiceIdOf = (index: number) => invoiceIds.get(`MATCH-${String(index).padStart(6, "0")}`)!;
  await analyze(db);

  const kinds = Array.from({ length: OPEN_INVOICES }, (_, index) => depositKindOf(index));
  const entries: ZenginEntry[] = kinds.map((kind, index) => {
    const customer = made[index % MATCHING_CUSTOMERS]!;
    const amount = invoiceAmountOf(index);
    return {
      postedOn: `2026-11-${String((index % 30) + 1).padStart(2, "0")}`,
      kind: "deposit",
      amount: kind === "fee" ? amount - DEDUCTED_FEE : kind === "unknown, no invoice" ? 1_000 + (index % 5_000) : amount,
      // No customer's kana begins with ミ, so these names agree with none.
      payerName: kind.startsWith("unknown") ? bankKana("ミライタロウ") : `ｶ)${bankKana(customer.kana!)}`,
    };
  });
  const file = writeZenginStatement({
    bankCode: "0001",
    bankName: "ﾍﾞﾝﾁｷﾞﾝｺｳ",
    branchCode: "001",
    branchName: "ﾎﾝﾃﾝ",
    accountType: "1",
    accountNumber: "1234567",
    accountName: "ｶ)ﾍﾞﾝﾁ",
    from: "2026-11-01",
    to: "2026-11-30",
    openingBalance: 0,
    entries,
  });

  // The statement's lines get no analyze: a user confirms right after the upload, before autovacuum has seen them.
  const upload = await timed(() => saveStatement(db, MATCHING_SCOPE, ACTOR.code, "meisai.txt", file));
  check(
    upload.value.lines === OPEN_INVOICES && upload.value.problems.length === 0,
    `the upload kept ${upload.value.lines} lines, ${upload.value.problems.length} problems`,
  );

  const proposing = await timed(() => statementWithProposals(db, MATCHING_SCOPE, upload.value.id));
  const lines = proposing.value.lines;
  check(lines.length === OPEN_INVOICES, `the statement has ${lines.length} lines`);
  // Every deposit, not a sample: the first proposal is the invoice it pays, as it pays it; a stranger's odd amount gets none.
  lines.forEach((line, index) => {
    const kind = kinds[index]!;
    const [first] = line.proposals;
    const expected =
      kind === "unknown, no invoice"
        ? first === undefined
        : first?.documentId === invoiceIdOf(index) &&
          first.kind === (kind === "fee" ? "fee" : kind === "exact" ? "exact" : "amount") &&
          first.fee === (kind === "fee" ? String(DEDUCTED_FEE) : "0");
    check(expected, `line ${line.line} (${kind}) was proposed ${JSON.stringify(first ?? null)}, not invoice MATCH-${String(index).padStart(6, "0")}`);
  });

  const confirmations: Confirmation[] = lines
    .filter((line) => line.proposals[0]?.kind === "exact" || line.proposals[0]?.kind === "fee")
    .slice(0, CONFIRMED_MATCHES)
    .map((line) => ({ lineId: line.id, documentIds: [line.proposals[0]!.documentId], fee: Number(line.proposals[0]!.fee) }));
  const confirming = await timed(() => confirmMatches(db, MATCHING_SCOPE, upload.value.id, confirmations, ACTOR));
  check(confirming.value.confirmed.length === CONFIRMED_MATCHES, `confirmed ${confirming.value.confirmed.length} matches`);
  const [{ paid }] = (await db
    .select({ paid: sql<number>`count(*)::int` })
    .from(documents)
    .where(and(eq(documents.companyUniqueCode, MATCHING_SCOPE.tenant), eq(documents.status, INVOICE_PAID)))) as [{ paid: number }];
  check(paid === CONFIRMED_MATCHES, `${paid} invoices are 入金済 after confirming ${CONFIRMED_MATCHES}`);

  const row = (name: string, seconds: number, result: string): BillingRow => ({ database, name, seconds, budgetSeconds: BILLING_BUDGET_SECONDS, result });
  const counts = (kind: DepositKind) => kinds.filter((each) => each === kind).length;
  return [
    row("statement: upload 10,000 lines", upload.seconds, `${upload.value.lines} lines kept`),
    row(
      "statement: proposals, 10,000 deposits × 10,000 invoices",
      proposing.seconds,
      `all right: ${counts("exact")} exact, ${counts("fee")} fee, ${counts("unknown, invoice amount")} amount only, ${counts("unknown, no invoice")} none`,
    ),
    row("statement: confirm 1,000 matches", confirming.seconds, `${paid} invoices 入金済`),
  ];
}

/** Both cases on `db`, a freshly migrated database (`database` names it in the rows). */
export async function measureBilling(db: Database, database: string): Promise<BillingRow[]> {
  return [await closingCase(db, database), ...(await matchingCases(db, database))];
}

/** engine, case, seconds and the budget's verdict. */
export function printBilling(rows: readonly BillingRow[]): void {
  console.log(`Billing cycle (issue 19): each case within ${BILLING_BUDGET_SECONDS} s`);
  const header = ["engine", "case", "seconds", "budget", "checked"];
  const cells = rows.map((row) => [
    row.database,
    row.name,
    row.seconds.toFixed(2),
    row.seconds < row.budgetSeconds ? `ok (under ${row.budgetSeconds} s)` : "OVER",
    row.result,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column]!.length)));
  const format = (line: string[]) =>
    line
      .map((cell, column) => (column === 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join("  ")
      .trimEnd();
  console.log(format(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const line of cells) console.log(format(line));
}
