import { totalsOf } from "../api/documents/store";
import { COMPANY_DEFAULTS } from "../domain/codes";
import { documentInputSchema } from "../domain/document-input";
import { daysAfter } from "../domain/due-date";
import { INVOICE_PAID } from "../domain/lifecycle";
import { DEMO_BANKS, DEMO_BRANCHES, DEMO_CUSTOMERS, DEMO_DOCUMENTS, DEMO_ITEMS, DEMO_PLANS, type DemoCompany } from "./demo-data";
import { bankKana, type ZenginEntry, type ZenginStatementInput } from "./zengin-file";

/**
 * What the sandbox bank's 入出金明細 (GET /api/v1/account/statement, docs/api.md) holds for the demo companies,
 * so 入金消込 can be tried without a file (issue 19 item 3, decision 029's addendum). 株式会社デモ商事's
 * statement pays its open demo invoices — their amounts due computed from the demo lines by the totals
 * engine, as the seed computes them, so they stay right when the demo data changes — and adds what a
 * real statement has besides: a deposit nobody's invoice explains and a withdrawal.
 */
export const DEMO_STATEMENT = {
  /** The company whose statement pays its demo invoices; the other demo companies' statements are empty. */
  companyUniqueCode: "C-DEMO",
  /** The 振込手数料 the payer of the second open invoice deducts (先方負担, reference §6): a fee-difference match. */
  transferFee: 440,
  /** A deposit no invoice explains: it stays listed as unmatched. */
  unknownDeposit: { amount: 3_300, payerName: "タナカ タロウ" },
  /** The bank's direct debit of the product's monthly fee (the demo bank's terms, 第3条): the company's plan's total. */
  withdrawalDescription: "コウフリ チョウヒョウクラウド",
};

/** The demo banks and branches as the bank's files name them, in kana. */
const BANK_KANA: Record<string, string> = { "0001": "デモギンコウ", "0002": "サンプルシンヨウキンコ", "0182": "ミライチホウギンコウ" };
const BRANCH_KANA: Record<string, string> = { 本店営業部: "ホンテンエイギョウブ", 駅前支店: "エキマエシテン", 本店: "ホンテン" };

/** Each demo company's 普通 account: デモ商事's is the one the seed registers on its profile. */
const DEMO_ACCOUNTS: Record<string, { accountNumber: string; accountName: string; openingBalance: number }> = {
  "C-DEMO": { accountNumber: "1234567", accountName: "カ）デモショウジ", openingBalance: 1_250_000 },
  "C-OTHER": { accountNumber: "2000001", accountName: "ド）アザー", openingBalance: 480_000 },
  "C-NEWCOMER": { accountNumber: "2000002", accountName: "シンキコウボウ", openingBalance: 120_000 },
  "C-NEWSHOP": { accountNumber: "2000003", accountName: "シンキショウテン", openingBalance: 95_000 },
  "C-STARTUP": { accountNumber: "2000004", accountName: "スタートアップ（ド", openingBalance: 300_000 },
  "C-CAMPAIGN": { accountNumber: "2000005", accountName: "カ）ハジマリショウカイ", openingBalance: 640_000 },
  "C-LEAVING": { accountNumber: "2000006", accountName: "ユ）オワリヤ", openingBalance: 210_000 },
  "C-CHANGED": { accountNumber: "2000007", accountName: "ド）カワル", openingBalance: 530_000 },
  "C-FORMER": { accountNumber: "2000008", accountName: "カ）モトヤショウテン", openingBalance: 75_000 },
  "C-SHINKIN": { accountNumber: "3000001", accountName: "ユ）シンキン", openingBalance: 820_000 },
  "C-SHINKIN-NEW": { accountNumber: "3000002", accountName: "シンキンセイカテン", openingBalance: 60_000 },
  "C-MIRAI": { accountNumber: "4000001", accountName: "カ）ミライセイサクショ", openingBalance: 2_400_000 },
};

/** Company-type words and the letter banks abbreviate them to (reference §6): ｶ) before the name, (ｶ after it. */
const COMPANY_TYPES: ReadonlyArray<[word: string, abbreviation: string]> = [
  ["株式会社", "カ"],
  ["有限会社", "ユ"],
  ["合同会社", "ド"],
  ["合名会社", "メ"],
  ["合資会社", "シ"],
];

type DemoCustomer = (typeof DEMO_CUSTOMERS)[number];

/** The name a customer's transfer arrives under: its kana with the company type abbreviated, in bank kana (ﾕ)ｳﾐｶｾﾞ). */
export function demoPayerNameOf(customer: Pick<DemoCustomer, "name" | "nameKana">): string {
  const type = COMPANY_TYPES.find(([word]) => customer.name.startsWith(word) || customer.name.endsWith(word));
  if (!type) return bankKana(customer.nameKana);
  const [word, abbreviation] = type;
  return bankKana(customer.name.startsWith(word) ? `${abbreviation}）${customer.nameKana}` : `${customer.nameKana}（${abbreviation}`);
}

export type DemoOpenInvoice = { key: string; issueDate: string; customer: DemoCustomer; amountDue: number };

/**
 * デモ商事's demo invoices that are issued and not 入金済, with their amounts due: the demo lines through
 * the same input schema and totals engine as the seed, under the company's rounding rules, which the seed
 * leaves at their defaults.
 */
export function demoOpenInvoices(): DemoOpenInvoice[] {
  return DEMO_DOCUMENTS.filter((demo) => demo.kind === "invoice" && demo.issued && demo.status !== INVOICE_PAID).map((demo) => {
    const customer = DEMO_CUSTOMERS[demo.customer]!;
    const input = documentInputSchema.parse({
      issue_date: demo.issueDate,
      customer_name: customer.name,
      withholding: "withholding" in demo && demo.withholding ? "on" : undefined,
      lines: demo.lines.map(([code, quantity]) => {
        const item = DEMO_ITEMS.find((candidate) => candidate.code === code)!;
        return { description: item.name, quantity, unit: item.unit, unit_price: item.unitPrice, tax_category: item.taxCategory };
      }),
    });
    return { key: demo.key, issueDate: demo.issueDate, customer, amountDue: Number(totalsOf(input, COMPANY_DEFAULTS).amountDue) };
  });
}

/**
 * デモ商事's entries, one a day up to `to`, in this order: a payment of each open invoice by its customer (the
 * second one short by the transfer fee), the unknown deposit, the plan fee's direct debit. A payment is never
 * dated before its invoice was issued.
 */
function demoEntries(company: DemoCompany, to: string): ZenginEntry[] {
  const payments = demoOpenInvoices().map((invoice, index) => ({
    notBefore: invoice.issueDate,
    kind: "deposit" as const,
    amount: index === 1 && invoice.amountDue > DEMO_STATEMENT.transferFee ? invoice.amountDue - DEMO_STATEMENT.transferFee : invoice.amountDue,
    payerName: demoPayerNameOf(invoice.customer),
  }));
  const planFee = DEMO_PLANS.find((plan) => plan.planId === company.planId)?.totalAmount ?? 0;
  const planned = [
    ...payments.filter((payment) => payment.amount > 0),
    { notBefore: null, kind: "deposit" as const, amount: DEMO_STATEMENT.unknownDeposit.amount, payerName: bankKana(DEMO_STATEMENT.unknownDeposit.payerName) },
    ...(planFee > 0
      ? [{ notBefore: null, kind: "withdrawal" as const, amount: planFee, payerName: "", description: DEMO_STATEMENT.withdrawalDescription }]
      : []),
  ];
  return planned
    .map(({ notBefore, ...entry }, index) => ({ notBefore, entry: { ...entry, postedOn: daysAfter(to, index - (planned.length - 1)) } }))
    .filter(({ notBefore, entry }) => notBefore === null || entry.postedOn >= notBefore)
    .map(({ entry }) => entry);
}

/** The statement of a demo company's account for the period; null for a company the demo bank has no account of. */
export function demoStatementOf(company: DemoCompany, period: { from: string; to: string }): ZenginStatementInput | null {
  const account = DEMO_ACCOUNTS[company.companyUniqueCode];
  const bank = DEMO_BANKS.find((candidate) => candidate.bankCode === company.bankCode);
  const branch = DEMO_BRANCHES.find((candidate) => candidate.bankCode === company.bankCode && candidate.branchCode === company.branchCode);
  if (!account || !bank || !branch) return null;
  const entries = company.companyUniqueCode === DEMO_STATEMENT.companyUniqueCode ? demoEntries(company, period.to) : [];
  return {
    bankCode: bank.bankCode,
    bankName: bankKana(BANK_KANA[bank.bankCode] ?? bank.name),
    branchCode: branch.branchCode,
    branchName: bankKana(BRANCH_KANA[branch.name] ?? branch.name),
    accountType: "1",
    accountNumber: account.accountNumber,
    accountName: bankKana(account.accountName),
    from: period.from,
    to: period.to,
    openingBalance: account.openingBalance,
    entries: entries.filter((entry) => entry.postedOn >= period.from),
  };
}
