import { and, asc, desc, eq, gt, gte, isNull, or, sql } from "drizzle-orm";
import { normalizePayerName, proposalSteps, type MatchProposal, type OpenInvoice } from "../../domain/payer-match";
import { MAX_STATEMENT_LINES, statementLineCount, statementSteps, tooManyLinesMessage, type StatementEntry } from "../../domain/zengin-statement";
import type { Database } from "../db/client";
import { bankStatementLines, bankStatements, customers, documents, payerNames, payments } from "../db/schema";
import { inScope, type DocumentScope } from "../documents/scope";
import { conflict, notFound, payloadTooLarge, validationFailed, violatesUniqueIndex } from "../errors";
import { runInSlices, slicePause } from "../slices";
import { sha256Of } from "../storage/storage";
import { followBalance } from "../documents/lifecycle";
import { clearedOf } from "../documents/presenters";
import type { Writer } from "../documents/store";
import type { Actor } from "../documents/snapshots";
import { notCancelled } from "./cleared";
import { clearedPerInvoice, insertPayment, invoiceInScope, refusalOf } from "./store";

const STATEMENT_NOT_FOUND = "入出金明細が見つかりません。";

/** Whole yen from the database's numeric text (amount due is a yen amount with a zero fraction). */
const yenOf = (text: string): number => Math.trunc(Number(text));

/** Lines per insert: PGlite runs each in 10–20 ms for 250 lines, and other requests' statements wait meanwhile. */
const LINES_PER_INSERT = 250;

/**
 * Inserts lines from one JSON parameter rather than a parameter per field (Drizzle's values()): 12,000
 * parameters per 1,000 lines took Drizzle and PGlite about 200 ms to build and run against 45 ms this way,
 * and were most of a large upload's time. Drizzle cannot say an insert from jsonb_to_recordset. Ids follow
 * the lines, as with values().
 */
async function insertLines(tx: Writer, statementId: number, tenant: string, entries: readonly StatementEntry[]) {
  const rows = JSON.stringify(
    entries.map((entry) => ({
      line: entry.line,
      posted_on: entry.postedOn,
      value_on: entry.valueOn,
      kind: entry.kind,
      amount: entry.amount,
      payer_name: entry.payerName,
      reference: entry.reference,
      transaction_code: entry.transactionCode,
      description: entry.description,
      balance: entry.balance,
    })),
  );
  await tx.execute(sql`
    insert into ${bankStatementLines}
      (statement_id, company_unique_code, line, posted_on, value_on, kind, amount, payer_name, reference, transaction_code, description, balance)
    select ${statementId}, ${tenant}, r.line, r.posted_on, r.value_on, r.kind, r.amount, r.payer_name, r.reference, r.transaction_code, r.description, r.balance
    from jsonb_to_recordset(${rows}::jsonb) as r(
      line integer, posted_on date, value_on date, kind text, amount bigint, payer_name text,
      reference text, transaction_code text, description text, balance bigint)
    order by r.line`);
}

/** The file's bytes per insert while it is staged: PGlite takes 128 KiB in 10–20 ms. */
const CONTENT_PART_BYTES = 128 * 1024;

/**
 * Stages the file's bytes in parts in a temporary table, for the statement's insert to join (STAGED_CONTENT).
 * PGlite takes a parameter at about 50–100 ms per MB, so 5 MB as one parameter held every other request's
 * statements for a quarter to half a second; joined by the database, the file is one stretch of a few dozen ms.
 */
async function stageContent(tx: Writer, bytes: Uint8Array, pause: () => Promise<void>) {
  await tx.execute(sql`create temporary table statement_content_parts (part integer not null, bytes bytea not null) on commit drop`);
  for (let part = 0; part * CONTENT_PART_BYTES < bytes.length; part += 1) {
    const piece = bytes.subarray(part * CONTENT_PART_BYTES, (part + 1) * CONTENT_PART_BYTES);
    await tx.execute(sql`insert into statement_content_parts (part, bytes) values (${part}, ${piece})`);
    await pause();
  }
}

const STAGED_CONTENT = sql`(select string_agg(bytes, ''::bytea order by part) from statement_content_parts)`;

/**
 * Reads and keeps an uploaded statement with its lines. A file over MAX_STATEMENT_LINES is refused before it
 * is read (413); one of which nothing could be read is refused (422 with the problems by line); one with some
 * unreadable lines is kept, the problems beside it. Reading and inserting run in slices (ADR 035), so other
 * requests are answered meanwhile.
 */
export async function saveStatement(db: Database, scope: DocumentScope, uploadedBy: string, fileName: string, bytes: Uint8Array) {
  const lineCount = statementLineCount(bytes);
  if (lineCount > MAX_STATEMENT_LINES) {
    const message = tooManyLinesMessage(lineCount);
    throw payloadTooLarge(message, { file: [message] });
  }
  const pause = slicePause();
  const parsed = await runInSlices(statementSteps(bytes), pause);
  if (parsed.entries.length === 0) {
    const message = parsed.problems.length > 0 ? "入出金明細を読み取れませんでした。" : "入出金明細に取引がありません。";
    throw validationFailed(
      {
        file: (parsed.problems.length > 0 ? parsed.problems : [{ line: 1, message }]).slice(0, 50).map((problem) => `${problem.line}行目：${problem.message}`),
      },
      message,
    );
  }
  return db.transaction(async (tx) => {
    await stageContent(tx, bytes, pause);
    const [statement] = await tx
      .insert(bankStatements)
      .values({
        companyUniqueCode: scope.tenant,
        fileName,
        format: parsed.format,
        content: STAGED_CONTENT,
        sha256: sha256Of(bytes),
        problems: parsed.problems,
        uploadedBy,
      })
      .returning({ id: bankStatements.id, uploadedAt: bankStatements.uploadedAt });
    for (let start = 0; start < parsed.entries.length; start += LINES_PER_INSERT) {
      await insertLines(tx, statement!.id, scope.tenant, parsed.entries.slice(start, start + LINES_PER_INSERT));
      await pause();
    }
    return { id: statement!.id, format: parsed.format, fileName, lines: parsed.entries.length, problems: parsed.problems, uploadedAt: statement!.uploadedAt };
  });
}

/** Statements the caller may see, as statementInScope: the company's; a user limited to their own documents, those they uploaded. */
const statementsOf = (scope: DocumentScope) =>
  and(eq(bankStatements.companyUniqueCode, scope.tenant), scope.createdBy === null ? undefined : eq(bankStatements.uploadedBy, scope.createdBy));

const PAGE_SIZE = 50;

/** The statements uploaded, newest first, each with how many deposits it has and how many are still unmatched. */
export async function listStatements(db: Database, scope: DocumentScope, page: number) {
  const counts = db
    .select({
      statementId: bankStatementLines.statementId,
      lines: sql<number>`count(*)::int`.as("lines"),
      deposits: sql<number>`count(*) filter (where ${bankStatementLines.kind} = 'deposit')::int`.as("deposits"),
      unmatched: sql<number>`count(*) filter (where ${bankStatementLines.kind} = 'deposit' and ${bankStatementLines.matchedAt} is null)::int`.as("unmatched"),
    })
    .from(bankStatementLines)
    .where(eq(bankStatementLines.companyUniqueCode, scope.tenant))
    .groupBy(bankStatementLines.statementId)
    .as("counts");
  const [rows, [summary]] = await Promise.all([
    db
      .select({
        id: bankStatements.id,
        fileName: bankStatements.fileName,
        format: bankStatements.format,
        uploadedBy: bankStatements.uploadedBy,
        uploadedAt: bankStatements.uploadedAt,
        problems: sql<number>`jsonb_array_length(${bankStatements.problems})`,
        lines: counts.lines,
        deposits: counts.deposits,
        unmatched: counts.unmatched,
      })
      .from(bankStatements)
      .leftJoin(counts, eq(counts.statementId, bankStatements.id))
      .where(statementsOf(scope))
      .orderBy(desc(bankStatements.uploadedAt), desc(bankStatements.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ total: sql<number>`count(*)::int` }).from(bankStatements).where(statementsOf(scope)),
  ]);
  const items = rows.map((row) => ({ ...row, lines: row.lines ?? 0, deposits: row.deposits ?? 0, unmatched: row.unmatched ?? 0 }));
  return { items, total: summary!.total, page, perPage: PAGE_SIZE };
}

/** Deposits of every statement the caller may see that no payment claims yet: what is left to match, newest first. */
export async function unmatchedDeposits(db: Database, scope: DocumentScope, page: number) {
  const where = and(
    eq(bankStatementLines.companyUniqueCode, scope.tenant),
    sql`${bankStatementLines.kind} = 'deposit' and ${bankStatementLines.matchedAt} is null`,
    statementsOf(scope),
  );
  const [rows, [summary]] = await Promise.all([
    db
      .select({
        id: bankStatementLines.id,
        statementId: bankStatementLines.statementId,
        fileName: bankStatements.fileName,
        line: bankStatementLines.line,
        postedOn: bankStatementLines.postedOn,
        amount: sql<string>`${bankStatementLines.amount}::text`,
        payerName: bankStatementLines.payerName,
        description: bankStatementLines.description,
      })
      .from(bankStatementLines)
      .innerJoin(bankStatements, eq(bankStatements.id, bankStatementLines.statementId))
      .where(where)
      .orderBy(desc(bankStatementLines.postedOn), desc(bankStatementLines.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db
      .select({ total: sql<number>`count(*)::int`, amount: sql<string>`coalesce(sum(${bankStatementLines.amount}), 0)::text` })
      .from(bankStatementLines)
      .innerJoin(bankStatements, eq(bankStatements.id, bankStatementLines.statementId))
      .where(where),
  ]);
  return { items: rows, total: summary!.total, amount: summary!.amount, page, perPage: PAGE_SIZE };
}

/** The statement, when the caller may see it: the company's; for a user limited to their own documents, only those they uploaded. */
async function statementInScope(db: Database, scope: DocumentScope, id: number) {
  const [row] = await db
    .select({
      id: bankStatements.id,
      fileName: bankStatements.fileName,
      format: bankStatements.format,
      sha256: bankStatements.sha256,
      problems: bankStatements.problems,
      uploadedBy: bankStatements.uploadedBy,
      uploadedAt: bankStatements.uploadedAt,
    })
    .from(bankStatements)
    .where(and(eq(bankStatements.id, id), statementsOf(scope)))
    .limit(1);
  if (!row) throw notFound(STATEMENT_NOT_FOUND);
  return row;
}

type OpenInvoiceRow = OpenInvoice & { number: string; customerName: string };

/** Issued, valid invoices of the scope with a balance left, with the names their payer may use. */
async function openInvoices(db: Database, scope: DocumentScope): Promise<OpenInvoiceRow[]> {
  const paid = clearedPerInvoice(db, scope.tenant);
  const rows = await db
    .select({
      id: documents.id,
      number: documents.number,
      customerId: documents.customerId,
      customerName: documents.customerName,
      masterName: customers.name,
      masterKana: customers.nameKana,
      dueOn: documents.dueDate,
      amountDue: documents.amountDue,
      cleared: paid.cleared,
    })
    .from(documents)
    .leftJoin(customers, eq(customers.id, documents.customerId))
    .leftJoin(paid, eq(paid.documentId, documents.id))
    .where(
      and(inScope(scope), eq(documents.kind, "invoice"), sql`${documents.issuedAt} is not null`, isNull(documents.voidedAt), isNull(documents.creditNoteOf)),
    );
  return rows
    .map((row) => ({
      id: String(row.id),
      number: row.number,
      customerName: row.customerName,
      customerId: row.customerId === null ? null : String(row.customerId),
      balance: yenOf(row.amountDue) - Number(row.cleared ?? 0),
      names: [row.customerName, row.masterName, row.masterKana].filter((name): name is string => !!name),
      dueOn: row.dueOn,
    }))
    .filter((invoice) => invoice.balance > 0);
}

/** Lines per read: PGlite runs a query and decodes its rows in about 25 ms for 1,000 lines. */
const LINES_PER_READ = 1_000;

/** The statement's lines in order, read a page at a time (after the last line and id read), pausing between pages. */
async function linesOf(db: Database, statementId: number, pause: () => Promise<void>) {
  const lines: (typeof bankStatementLines.$inferSelect)[] = [];
  for (;;) {
    const last = lines.at(-1);
    const after = last && and(gte(bankStatementLines.line, last.line), or(gt(bankStatementLines.line, last.line), gt(bankStatementLines.id, last.id)));
    const page = await db
      .select()
      .from(bankStatementLines)
      .where(and(eq(bankStatementLines.statementId, statementId), after))
      .orderBy(asc(bankStatementLines.line), asc(bankStatementLines.id))
      .limit(LINES_PER_READ);
    lines.push(...page);
    if (page.length < LINES_PER_READ) return lines;
    await pause();
  }
}

/** The statement's lines, each deposit not yet matched with its ranked proposals (domain/payer-match.ts). */
export async function statementWithProposals(db: Database, scope: DocumentScope, id: number, fees?: readonly number[]) {
  const statement = await statementInScope(db, scope, id);
  const pause = slicePause();
  const [lines, claimed] = await Promise.all([
    linesOf(db, statement.id, pause),
    // A line pays one invoice, or several for まとめ払い: its payments are listed apart, not joined into copies of the line.
    db
      .select({ lineId: bankStatementLines.id, id: payments.id, documentId: payments.documentId, number: documents.number })
      .from(payments)
      .innerJoin(bankStatementLines, eq(bankStatementLines.id, payments.statementLineId))
      .innerJoin(documents, eq(documents.id, payments.documentId))
      .where(and(eq(bankStatementLines.statementId, statement.id), notCancelled))
      .orderBy(asc(payments.id)),
  ]);
  const paymentsOf = new Map<number, { id: number; documentId: number; number: string }[]>();
  for (const { lineId, ...payment } of claimed) paymentsOf.set(lineId, [...(paymentsOf.get(lineId) ?? []), payment]);
  const open = await openInvoices(db, scope);
  const known = await db
    .select({ customerId: payerNames.customerId, name: payerNames.name })
    .from(payerNames)
    .where(eq(payerNames.companyUniqueCode, scope.tenant));
  const deposits = lines
    .filter((line) => line.kind === "deposit" && line.matchedAt === null)
    .map((line) => ({ id: String(line.id), amount: line.amount, payerName: line.payerName }));
  const knownPayers = known.map((row) => ({ customerId: String(row.customerId), name: row.name }));
  const proposals = await runInSlices(proposalSteps(deposits, open, { fees, knownPayers }), pause);
  const invoicesById = new Map(open.map((invoice) => [invoice.id, invoice]));
  const present = (proposal: MatchProposal) => {
    const invoice = invoicesById.get(proposal.invoiceId)!;
    const lump = proposal.lump?.map((id) => invoicesById.get(id)!);
    return {
      documentId: Number(invoice.id),
      number: invoice.number,
      customerName: invoice.customerName,
      balance: String(lump ? lump.reduce((sum, entry) => sum + entry.balance, 0) : invoice.balance),
      kind: proposal.kind,
      fee: String(proposal.fee),
      name: proposal.name,
      learned: proposal.learned,
      // まとめ払い: every invoice the transfer pays, oldest due first; `balance` above is their total.
      ...(lump ? { invoices: lump.map((entry) => ({ documentId: Number(entry.id), number: entry.number, balance: String(entry.balance) })) } : {}),
    };
  };
  return {
    ...statement,
    lines: lines.map((line) => ({
      id: line.id,
      line: line.line,
      postedOn: line.postedOn,
      valueOn: line.valueOn,
      kind: line.kind,
      amount: String(line.amount),
      payerName: line.payerName,
      description: line.description,
      balance: line.balance === null ? null : String(line.balance),
      matchedAt: line.matchedAt,
      // The first payment (the only one unless it is まとめ払い) and all of them.
      payment: paymentsOf.get(line.id)?.[0] ?? null,
      payments: paymentsOf.get(line.id) ?? [],
      proposals: (proposals.get(String(line.id)) ?? []).map(present),
    })),
    unmatchedDeposits: deposits.length,
  };
}

/** A deposit line and the invoice it pays, or, for まとめ払い, the invoices (oldest first; the fee is the last one's). */
export type Confirmation = { lineId: number; documentIds: readonly number[]; fee: number };

/**
 * How a line's money is booked: to one invoice, all of it with the fee given (a partial or an over-payment
 * is the user's choice); for まとめ払い, each invoice its balance and the last its balance less the fee, which
 * must add up to the deposit exactly — otherwise the user is told the figures instead of a guess being made.
 */
async function partsOf(tx: Writer, line: { line: number; amount: number }, invoices: readonly { id: number; number: string; amountDue: string }[], fee: number) {
  if (invoices.length === 1) return [{ amount: line.amount, fee }];
  const balances = [];
  for (const invoice of invoices) {
    const balance = yenOf(invoice.amountDue) - (await clearedOf(tx, invoice.id));
    if (balance <= 0) throw conflict(`${invoice.number}：残高がないため、まとめ払いに含められません。`);
    balances.push(balance);
  }
  const total = balances.reduce((sum, balance) => sum + balance, 0);
  if (total - fee !== line.amount) {
    throw validationFailed({
      matches: [`${line.line}行目の入金${line.amount.toLocaleString("ja-JP")}円と、選んだ請求書の残高の合計${total.toLocaleString("ja-JP")}円（振込手数料${fee.toLocaleString("ja-JP")}円を差し引き）が合いません。`],
    });
  }
  return balances.map((balance, index) => (index === balances.length - 1 ? { amount: balance - fee, fee } : { amount: balance, fee: 0 }));
}

/**
 * Confirms matches in one transaction: each line is claimed (matched_at set only where it is still null,
 * so of two requests at once one wins and the other is refused), a payment of the line's amount and date
 * is recorded with the fee given, and the payer's name is learned for the invoice's customer. All or
 * nothing: one line that cannot be confirmed refuses the batch.
 */
export async function confirmMatches(db: Database, scope: DocumentScope, statementId: number, confirmations: readonly Confirmation[], actor: Actor) {
  const statement = await statementInScope(db, scope, statementId);
  try {
    return await db.transaction(async (tx) => {
      const confirmed = [];
      for (const { lineId, documentIds, fee } of confirmations) {
        // Found by its key and held: of two confirmations at once the second waits here, then finds it matched.
        // (A condition on matched_at would let the planner take the unmatched-deposits index and scan it per line.)
        const [line] = await tx
          .select()
          .from(bankStatementLines)
          .where(and(eq(bankStatementLines.id, lineId), eq(bankStatementLines.statementId, statement.id)))
          .for("update");
        if (!line) throw validationFailed({ matches: [`明細行（ID ${lineId}）はこの入出金明細にありません。`] });
        if (line.kind !== "deposit") throw validationFailed({ matches: [`${line.line}行目は出金です。入金だけを消し込めます。`] });
        if (line.matchedAt !== null) throw conflict(`${line.line}行目の入金は、すでに消し込まれています。`);
        await tx.update(bankStatementLines).set({ matchedAt: new Date(), matchedBy: actor.code }).where(eq(bankStatementLines.id, line.id));
        const invoices = [];
        for (const documentId of documentIds) {
          const invoice = await invoiceInScope(tx, scope, documentId, true);
          const refusal = refusalOf(invoice);
          if (refusal) throw conflict(`${invoice.number}：${refusal}`);
          invoices.push(invoice);
        }
        const parts = await partsOf(tx, line, invoices, fee);
        const paymentIds = [];
        for (const [index, invoice] of invoices.entries()) {
          const part = parts[index]!;
          paymentIds.push(await insertPayment(tx, scope, invoice, { paidOn: line.postedOn, amount: part.amount, fee: part.fee, method: "transfer", statementLineId: line.id }, actor));
          await followBalance(tx, scope, invoice.id, actor);
        }
        const learned = normalizePayerName(line.payerName);
        for (const customerId of new Set(invoices.map((invoice) => invoice.customerId))) {
          if (customerId === null || learned === "") continue;
          await tx.insert(payerNames).values({ companyUniqueCode: scope.tenant, customerId, name: learned }).onConflictDoNothing();
        }
        confirmed.push({ lineId: line.id, line: line.line, documentId: invoices[0]!.id, documentIds: invoices.map((invoice) => invoice.id), paymentIds, paymentId: paymentIds[0]! });
      }
      return { statementId: statement.id, confirmed };
    });
  } catch (error) {
    if (violatesUniqueIndex(error, "payments_statement_line_idx")) throw conflict("この入金は、すでに消し込まれています。");
    throw error;
  }
}
