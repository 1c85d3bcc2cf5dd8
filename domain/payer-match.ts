/**
 * 入金消込 proposals (issue 19 item 3, docs/decisions/029): which open invoice a deposit on the bank's
 * statement probably pays. Payer names on statements are half-width kana, truncated, with the company
 * type abbreviated (ｶ) ﾔﾏﾀﾞ) — so names are normalised before they are compared; payers often deduct the
 * transfer fee (先方負担手数料), so a shortfall of a usual fee with a name that agrees is a match too.
 * Open invoices are indexed by balance and by customer, so a statement of n lines against m invoices costs
 * about n × (fees + name length) lookups, never n × m. The work is steps (domain/steps.ts), so the server can
 * match a long statement in slices.
 */
import { ITEMS_PER_STEP, runAtOnce, type Steps } from "./steps";

/** Fees payers deduct (reference §6): the common bank transfer fees from ¥110 to ¥990, with tax. */
export const DEFAULT_TRANSFER_FEES: readonly number[] = [110, 154, 220, 330, 380, 440, 550, 660, 770, 880, 990];

/**
 * Company-type words as banks abbreviate them (reference §6) and in full, in katakana as normalisation
 * leaves them (small kana already large, voiced marks already removed): 株式会社 ｶ, 有限会社 ﾕ, 合同会社 ﾄﾞ,
 * 合名会社 ﾒ, 合資会社 ｼ, 医療法人 ｲ, 財団法人 ｻﾞｲ, 社団法人 ｼﾔ, 学校法人 ｶﾞｸ, 社会福祉法人 ﾌｸ, NPO法人 ﾄｸﾋ, 営業所 ｴｲ.
 */
const ABBREVIATIONS = ["カ", "ユ", "ト", "メ", "シ", "イ", "サイ", "シヤ", "カク", "フク", "トクヒ", "エイ"];
const LONG_FORMS = [
  "カフシキカイシヤ",
  "ユウケンカイシヤ",
  "コウトウカイシヤ",
  "コウメイカイシヤ",
  "コウシカイシヤ",
  "イリヨウホウシン",
  "サイタンホウシン",
  "シヤタンホウシン",
  "イツハンシヤタンホウシン",
  "イツハンサイタンホウシン",
  "カツコウホウシン",
  "シヤカイフクシホウシン",
  "トクテイヒエイリカツトウホウシン",
  "NPOホウシン",
];
const KANJI_FORMS = [
  "株式会社",
  "有限会社",
  "合同会社",
  "合名会社",
  "合資会社",
  "医療法人社団",
  "医療法人",
  "一般社団法人",
  "一般財団法人",
  "財団法人",
  "社団法人",
  "学校法人",
  "社会福祉法人",
  "特定非営利活動法人",
  "NPO法人",
];

/** Longest first, so 一般社団法人 is removed whole rather than leaving 一般. */
const alternatives = (words: readonly string[]) => [...words].sort((a, b) => b.length - a.length).join("|");
/** ｶ) before the name, (ｶ after it, (ｶ) anywhere; a closing bracket may be lost to truncation at the end. */
const ABBREVIATED = new RegExp(`^(?:${alternatives(ABBREVIATIONS)})\\)|\\((?:${alternatives(ABBREVIATIONS)})(?:\\)|$)`, "g");
const LONG = new RegExp(`${alternatives(LONG_FORMS)}|${alternatives(KANJI_FORMS)}`, "g");

const SMALL_KANA: Record<string, string> = {
  ァ: "ア",
  ィ: "イ",
  ゥ: "ウ",
  ェ: "エ",
  ォ: "オ",
  ッ: "ツ",
  ャ: "ヤ",
  ュ: "ユ",
  ョ: "ヨ",
  ヮ: "ワ",
  ヵ: "カ",
  ヶ: "ケ",
};
const SMALL_KANA_PATTERN = new RegExp(`[${Object.keys(SMALL_KANA).join("")}]`, "g");

/**
 * A payer's name as it is compared: NFKC (half-width kana to full-width, ﾞ joined to its kana, full-width
 * ASCII to ASCII), hiragana to katakana, upper case, small kana folded to large (banks cannot write them:
 * ｼﾖｳｼﾞ), voiced marks removed (ガ → カ: banks and people differ on them), company-type words removed, and
 * spaces, long vowel marks and punctuation removed. 「ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ」, 「株式会社 ヤマダショウジ」 and
 * 「やまだしょうじ」 all become 「ヤマタシヨウシ」.
 */
export function normalizePayerName(name: string): string {
  const katakana = name
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[\u3041-\u3096]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0x60))
    .replace(SMALL_KANA_PATTERN, (char) => SMALL_KANA[char] ?? char)
    .normalize("NFD")
    .replace(/[\u3099\u309A]/g, "")
    .normalize("NFC")
    .replace(/[\s\u3000]+/g, "");
  return katakana
    .replace(ABBREVIATED, "")
    .replace(LONG, "")
    .replace(/[ー\-‐−.,、。・･/'"()（）「」]/g, "");
}

/** The shortest normalised name compared by prefix: shorter ones agree with too many. */
const MIN_PREFIX = 3;

export type OpenInvoice = {
  id: string;
  /** The customer master record; null for an invoice to a name typed on the document. */
  customerId: string | null;
  /** What the customer still owes, in yen. */
  balance: number;
  /** Names the payer may use: the customer's name and its kana (フリガナ), as registered. */
  names: readonly string[];
  /** YYYY-MM-DD; older invoices are proposed first when all else is equal. */
  dueOn?: string | null;
};

export type Deposit = { id: string; amount: number; payerName: string };

/** A name a customer has paid under before (learned from confirmed matches). */
export type KnownPayerName = { customerId: string; name: string };

/** exact: amount = balance and the name agrees; fee: amount = balance − a transfer fee and the name agrees; amount: amount = balance only. */
export type MatchKind = "exact" | "fee" | "lump" | "amount";

/** The most invoices one まとめ払い proposal covers: a backlog longer than this is matched by hand. */
const MAX_LUMP = 24;

export type MatchProposal = {
  /** The invoice; for a lump, the first (oldest due) of `lump`. */
  invoiceId: string;
  /** まとめ払い: the invoices one transfer pays, oldest due first, their balances adding up to the amount (plus the fee). */
  lump?: string[];
  kind: MatchKind;
  /** The fee the payer deducted (0 unless kind is fee). */
  fee: number;
  /** How the name agreed: the same normalised name, one a prefix of the other (truncation), or none. */
  name: "same" | "prefix" | null;
  /** Whether the name that agreed is one the customer paid under before. */
  learned: boolean;
};

export type MatchOptions = { fees?: readonly number[]; knownPayers?: readonly KnownPayerName[]; limit?: number };

type NameHit = { key: string; name: "same" | "prefix"; learned: boolean };

/** The index the proposals are read from: built once per statement. */
class InvoiceIndex {
  /** balance → invoices, oldest due first. */
  readonly byAmount = new Map<number, OpenInvoice[]>();
  /** "customer key|balance" → invoices, oldest due first. */
  readonly byCustomerAmount = new Map<string, OpenInvoice[]>();
  /** customer key → its open invoices, oldest due first: the candidates of one transfer paying several. */
  readonly byCustomer = new Map<string, OpenInvoice[]>();
  /** normalised name → customer keys and whether the name was learned. */
  readonly names = new Map<string, Map<string, boolean>>();
  /** Every normalised name, sorted, so the names a truncated payer name begins are one binary search away. */
  sortedNames: string[] = [];

  static *build(invoices: readonly OpenInvoice[], knownPayers: readonly KnownPayerName[]): Steps<InvoiceIndex> {
    const index = new InvoiceIndex();
    const sorted = [...invoices].sort((a, b) => (a.dueOn ?? "9999").localeCompare(b.dueOn ?? "9999") || a.id.localeCompare(b.id));
    for (const [at, invoice] of sorted.entries()) {
      if (at % ITEMS_PER_STEP === 0) yield;
      // An invoice without a customer record is its own "customer": its names still identify it.
      const key = invoice.customerId === null ? `invoice:${invoice.id}` : `customer:${invoice.customerId}`;
      push(index.byAmount, invoice.balance, invoice);
      push(index.byCustomerAmount, `${key}|${invoice.balance}`, invoice);
      push(index.byCustomer, key, invoice);
      for (const name of invoice.names) index.addName(normalizePayerName(name), key, false);
    }
    for (const [at, { customerId, name }] of knownPayers.entries()) {
      if (at % ITEMS_PER_STEP === 0) yield;
      index.addName(normalizePayerName(name), `customer:${customerId}`, true);
    }
    index.sortedNames = [...index.names.keys()].sort();
    return index;
  }

  private addName(name: string, key: string, learned: boolean) {
    if (name === "") return;
    let keys = this.names.get(name);
    if (!keys) this.names.set(name, (keys = new Map()));
    keys.set(key, (keys.get(key) ?? false) || learned);
  }

  /**
   * The customers a payer name agrees with: the same normalised name; a registered name the payer's
   * begins with (the payer added a number or a branch); or a registered name that begins with the payer's
   * (the bank truncated it). Each with the best agreement found.
   */
  customersOf(payerName: string): Map<string, NameHit> {
    const hits = new Map<string, NameHit>();
    const payer = normalizePayerName(payerName);
    if (payer === "") return hits;
    const add = (name: string, kind: "same" | "prefix") => {
      for (const [key, learned] of this.names.get(name) ?? []) {
        const before = hits.get(key);
        if (!before || (before.name === "prefix" && kind === "same") || (before.name === kind && learned && !before.learned))
          hits.set(key, { key, name: kind, learned });
      }
    };
    add(payer, "same");
    for (let length = MIN_PREFIX; length < payer.length; length += 1) add(payer.slice(0, length), "prefix");
    if (payer.length >= MIN_PREFIX) {
      for (let index = lowerBound(this.sortedNames, payer); index < this.sortedNames.length && this.sortedNames[index]!.startsWith(payer); index += 1) {
        if (this.sortedNames[index] !== payer) add(this.sortedNames[index]!, "prefix");
      }
    }
    return hits;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The ranked proposals for each deposit (by deposit id): exact first, then a fee deducted (smaller fee
 * first), then まとめ払い (one transfer paying the customer's oldest open invoices, exactly or less a fee),
 * then amount only; within a kind the same name before a prefix, a learned name before another, an older
 * due date first. At most `limit` (default 5) per deposit.
 */
export function proposeMatches(deposits: readonly Deposit[], invoices: readonly OpenInvoice[], options: MatchOptions = {}): Map<string, MatchProposal[]> {
  return runAtOnce(proposalSteps(deposits, invoices, options));
}

/** proposeMatches as steps, for a caller that pauses between them. */
export function* proposalSteps(deposits: readonly Deposit[], invoices: readonly OpenInvoice[], options: MatchOptions = {}): Steps<Map<string, MatchProposal[]>> {
  const fees = [...new Set(options.fees ?? DEFAULT_TRANSFER_FEES)].filter((fee) => Number.isSafeInteger(fee) && fee > 0).sort((a, b) => a - b);
  const limit = options.limit ?? 5;
  const index = yield* InvoiceIndex.build(invoices, options.knownPayers ?? []);
  const result = new Map<string, MatchProposal[]>();
  for (const [at, deposit] of deposits.entries()) {
    if (at % ITEMS_PER_STEP === 0) yield;
    const proposals: MatchProposal[] = [];
    const seen = new Set<string>();
    const propose = (invoice: OpenInvoice, kind: MatchKind, fee: number, hit: NameHit | null) => {
      if (seen.has(invoice.id)) return;
      seen.add(invoice.id);
      proposals.push({ invoiceId: invoice.id, kind, fee, name: hit?.name ?? null, learned: hit?.learned ?? false });
    };
    const hits = [...index.customersOf(deposit.payerName).values()].sort(
      (a, b) => Number(a.name === "prefix") - Number(b.name === "prefix") || Number(b.learned) - Number(a.learned),
    );
    // Proposals are made in rank order, so the walk stops once `limit` are found: a bucket is never walked whole.
    const take = (bucket: readonly OpenInvoice[] | undefined, kind: MatchKind, fee: number, hit: NameHit | null) => {
      for (const invoice of bucket ?? []) {
        if (proposals.length >= limit) return;
        propose(invoice, kind, fee, hit);
      }
    };
    for (const hit of hits) take(index.byCustomerAmount.get(`${hit.key}|${deposit.amount}`), "exact", 0, hit);
    for (const fee of fees) for (const hit of hits) take(index.byCustomerAmount.get(`${hit.key}|${deposit.amount + fee}`), "fee", fee, hit);
    for (const hit of hits) {
      const lump = lumpOf(index.byCustomer.get(hit.key), deposit.amount, fees);
      if (lump && proposals.length < limit && !seen.has(`lump:${lump.ids.join(",")}`)) {
        seen.add(`lump:${lump.ids.join(",")}`);
        proposals.push({ invoiceId: lump.ids[0]!, lump: lump.ids, kind: "lump", fee: lump.fee, name: hit.name, learned: hit.learned });
      }
    }
    take(index.byAmount.get(deposit.amount), "amount", 0, null);
    result.set(deposit.id, proposals);
  }
  return result;
}

/**
 * The customer's oldest open invoices one transfer pays: the shortest run from the oldest due (two or more)
 * whose balances add up to the amount, or to the amount plus one of the fees. Payers clear a backlog from
 * the oldest; any other subset is left for the user to choose, so the cost stays one pass per customer.
 */
function lumpOf(invoices: readonly OpenInvoice[] | undefined, amount: number, fees: readonly number[]): { ids: string[]; fee: number } | null {
  if (!invoices || invoices.length < 2) return null;
  const largestFee = fees.at(-1) ?? 0;
  let sum = 0;
  for (let count = 1; count <= Math.min(invoices.length, MAX_LUMP); count += 1) {
    sum += invoices[count - 1]!.balance;
    const shortfall = sum - amount;
    if (count >= 2 && (shortfall === 0 || fees.includes(shortfall))) return { ids: invoices.slice(0, count).map((invoice) => invoice.id), fee: shortfall };
    if (shortfall > largestFee) return null;
  }
  return null;
}
