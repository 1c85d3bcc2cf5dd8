import { formatJapaneseDate } from "./datetime";
import { formatDecimal } from "./decimal-display";
import { INVOICE_PAID } from "./lifecycle";

/*
 * Payment reminders (督促, issue 19 item 4, decision 032): which invoice may be reminded, how late it is,
 * and the two templates. Shared by the Payment API, which enforces them, and the pages, which only ask.
 */

/** 1: the polite first notice; 2: the firmer second one (and every later one). */
export const REMINDER_LEVELS = [1, 2] as const;
export type ReminderLevel = (typeof REMINDER_LEVELS)[number];

/** The level a new reminder starts at: the first notice until one was sent, then the second. */
export const defaultLevel = (sentBefore: number): ReminderLevel => (sentBefore === 0 ? 1 : 2);

/** The overdue list's filters by days overdue (the receivables report's aging buckets past due). */
export const OVERDUE_BUCKETS = ["d1_30", "d31_60", "d61_90", "over_90"] as const;
export type OverdueBucket = (typeof OVERDUE_BUCKETS)[number];
export const OVERDUE_BUCKET_DAYS: Record<OverdueBucket, { min: number; max: number | null }> = {
  d1_30: { min: 1, max: 30 },
  d31_60: { min: 31, max: 60 },
  d61_90: { min: 61, max: 90 },
  over_90: { min: 91, max: null },
};

export const REMINDERS_PER_PAGE = 50;

/** Calendar days from the due date to today, both JST calendar dates ("2026-11-26"); 0 on the due date itself. */
export function daysOverdue(dueDate: string, today: string): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / 86_400_000);
}

/** What decides whether an invoice may be reminded. `balance` is decimal text: amount due + its credit notes' (negative) amounts − Σ(amount + fee). */
export type ReminderFacts = {
  issued: boolean;
  voided: boolean;
  creditNote: boolean;
  /** A credit note (赤伝) was issued against it; its amount is already taken off the balance. */
  creditNoted: boolean;
  status: number;
  dueDate: string | null;
  balance: string;
};

const positive = (decimal: string) => !decimal.startsWith("-") && /[1-9]/.test(decimal);

/** Why no reminder may be sent for the invoice today; null when it is overdue and unpaid. */
export function reminderRefusal(facts: ReminderFacts, today: string): string | null {
  if (!facts.issued) return "下書きの請求書には督促メールを送れません。";
  if (facts.voided) return "無効にした請求書には督促メールを送れません。";
  if (facts.creditNote) return "赤伝（取消の請求書）には督促メールを送れません。";
  if (facts.creditNoted && !positive(facts.balance)) return "赤伝で取り消した請求書には督促メールを送れません。";
  if (facts.status === INVOICE_PAID || !positive(facts.balance)) return "入金済みの請求書には督促メールを送れません。";
  if (facts.dueDate === null) return "支払期限のない請求書には督促メールを送れません。";
  if (daysOverdue(facts.dueDate, today) <= 0) return "支払期限を過ぎていない請求書には督促メールを送れません。";
  return null;
}

/** What a reminder's text names; amounts are decimal text in yen. */
export type ReminderValues = {
  addressee: string;
  number: string;
  amountDue: string;
  balance: string;
  dueDate: string;
  days: number;
  companyName: string;
};

/** The ideographic space a Japanese letter indents its itemised lines with. */
const INDENT = "\u3000";

const yen = (amount: string) => `${formatDecimal(amount)}円`;

/** The subject and body a level's template gives for the invoice; the user may change both before sending. */
export function reminderDraft(level: ReminderLevel, values: ReminderValues): { subject: string; body: string } {
  const details = [
    `${INDENT}請求書番号：${values.number}`,
    `${INDENT}ご請求金額：${yen(values.amountDue)}`,
    `${INDENT}未入金額：${yen(values.balance)}`,
    `${INDENT}お支払期限：${formatJapaneseDate(values.dueDate)}`,
  ].join("\n");
  // A company that has not entered its name yet gets the greeting without it, not 「でございます。」 alone.
  const greeting = `${values.addressee}\n\nいつもお世話になっております。${values.companyName ? `${values.companyName}でございます。` : ""}`;
  const signature = values.companyName;
  if (level === 1) {
    return {
      subject: `お支払いのご確認のお願い（請求書番号：${values.number}）`,
      body: [
        greeting,
        "下記の請求書につきまして、お支払期限を過ぎておりますが、本日現在ご入金を確認できておりません。\nお手数をおかけしますが、ご確認のうえお手続きくださいますようお願いいたします。",
        details,
        "本メールと行き違いでお支払いいただいている場合は、ご容赦ください。\nご不明な点がございましたら、お気軽にお問い合わせください。",
        signature,
      ]
        .filter(Boolean)
        .join("\n\n"),
    };
  }
  return {
    subject: `【再度のお願い】お支払いのご確認（請求書番号：${values.number}）`,
    body: [
      greeting,
      `先日もご連絡いたしました下記の請求書につきまして、お支払期限から${values.days}日を経過した現在も、ご入金を確認できておりません。\n至急ご確認のうえ、お支払いくださいますようお願い申し上げます。\nお支払いが難しいご事情がある場合は、お支払いの予定を折り返しご連絡ください。`,
      details,
      "本メールと行き違いでお支払いいただいている場合は、ご容赦ください。",
      signature,
    ]
      .filter(Boolean)
      .join("\n\n"),
  };
}
