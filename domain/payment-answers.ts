import { z } from "zod";
import { listPageAnswer } from "./answer-fields";
import type { MatchKind, MatchProposal } from "./payer-match";
import type { ParsedStatement, StatementKind, StatementProblem } from "./zengin-statement";

/**
 * The Payment API's answers about payments and 入金消込 (decision 029, 033), as they arrive (snake_case, whole yen as
 * digits, times as ISO text, dates as YYYY-MM-DD): the API's tests read its answers with these and the web app parses
 * with them (issue 35). Fields the web app does not use are left out and dropped by parsing.
 */

const STATEMENT_FORMATS = ["zengin", "csv"] as const satisfies readonly ParsedStatement["format"][];
const STATEMENT_KINDS = ["deposit", "withdrawal"] as const satisfies readonly StatementKind[];
const MATCH_KINDS = ["exact", "fee", "lump", "amount"] as const satisfies readonly MatchKind[];
const NAME_AGREEMENTS = ["same", "prefix"] as const satisfies readonly NonNullable<MatchProposal["name"]>[];

const statementProblem = z.object({ line: z.number().int(), message: z.string() }) satisfies z.ZodType<StatementProblem>;

/** One payment of an invoice; a cancelled one stays, with when and why (decision 033). */
const paymentAnswer = z.object({
  id: z.number().int(),
  paid_on: z.string(),
  amount: z.string(),
  fee: z.string(),
  method: z.string(),
  statement_line_id: z.number().int().nullable(),
  created_by: z.string(),
  cancelled_at: z.string().nullable(),
  cancelled_by: z.string().nullable(),
  cancel_reason: z.string().nullable(),
});
export type PaymentAnswer = z.output<typeof paymentAnswer>;

/** An invoice's payments and what is left of it (api/payments/store.ts paymentSummary). */
export const paymentSummaryAnswer = z.object({
  document_id: z.number().int(),
  number: z.string(),
  amount_due: z.string(),
  paid: z.string(),
  balance: z.string(),
  overpaid: z.boolean(),
  payments: z.array(paymentAnswer),
});
export type PaymentSummaryAnswer = z.output<typeof paymentSummaryAnswer>;

/** An uploaded statement as read: how many lines it gave and what could not be read. */
export const savedStatementAnswer = z.object({
  id: z.number().int(),
  file_name: z.string(),
  format: z.enum(STATEMENT_FORMATS),
  lines: z.number().int(),
  problems: z.array(statementProblem),
});

const statementListItemAnswer = z.object({
  id: z.number().int(),
  file_name: z.string(),
  format: z.enum(STATEMENT_FORMATS),
  uploaded_at: z.string(),
  lines: z.number().int(),
  deposits: z.number().int(),
  unmatched: z.number().int(),
  /** How many lines could not be read. */
  problems: z.number().int(),
});
export type StatementListItemAnswer = z.output<typeof statementListItemAnswer>;

export const statementPageAnswer = listPageAnswer(statementListItemAnswer);

const proposalAnswer = z.object({
  document_id: z.number().int(),
  number: z.string(),
  customer_name: z.string(),
  balance: z.string(),
  kind: z.enum(MATCH_KINDS),
  fee: z.string(),
  /** How the payer's name agreed with the customer's: the same, one a prefix of the other, or not at all. */
  name: z.enum(NAME_AGREEMENTS).nullable(),
  learned: z.boolean(),
  /** まとめ払い: each invoice the deposit pays, oldest first; absent otherwise. */
  invoices: z.array(z.object({ document_id: z.number().int(), number: z.string(), balance: z.string() })).optional(),
});
export type ProposalAnswer = z.output<typeof proposalAnswer>;

const statementLineAnswer = z.object({
  id: z.number().int(),
  line: z.number().int(),
  posted_on: z.string(),
  kind: z.enum(STATEMENT_KINDS),
  amount: z.string(),
  payer_name: z.string(),
  description: z.string(),
  payments: z.array(z.object({ id: z.number().int(), document_id: z.number().int(), number: z.string() })),
  proposals: z.array(proposalAnswer),
});
export type StatementLineAnswer = z.output<typeof statementLineAnswer>;

/** A statement with its lines, each deposit not yet matched with its proposals (api/payments/statements.ts). */
export const statementAnswer = z.object({
  id: z.number().int(),
  file_name: z.string(),
  format: z.enum(STATEMENT_FORMATS),
  uploaded_at: z.string(),
  problems: z.array(statementProblem),
  lines: z.array(statementLineAnswer),
  unmatched_deposits: z.number().int(),
});
export type StatementAnswer = z.output<typeof statementAnswer>;

/** The lines a confirmation booked, each with the payments it recorded. */
export const confirmedMatchesAnswer = z.object({
  statement_id: z.number().int(),
  confirmed: z.array(z.object({ line_id: z.number().int(), line: z.number().int(), document_ids: z.array(z.number().int()), payment_ids: z.array(z.number().int()) })),
});

const unmatchedDepositAnswer = z.object({
  id: z.number().int(),
  statement_id: z.number().int(),
  file_name: z.string(),
  line: z.number().int(),
  posted_on: z.string(),
  amount: z.string(),
  payer_name: z.string(),
  description: z.string(),
});
export type UnmatchedDepositAnswer = z.output<typeof unmatchedDepositAnswer>;

/** The deposits left to match, a page of them, and their sum in yen. */
export const unmatchedPageAnswer = listPageAnswer(unmatchedDepositAnswer).extend({ amount: z.string() });
