/**
 * A writer of 全銀協 入出金取引明細 files (種別 03, issue 19 item 3), for the sandbox bank service's statement
 * endpoint and for tests: the exact layout domain/zengin-statement.ts reads (/work/shared/reference/
 * zengin-statement.md §3): a header, the data records, a trailer with counts, sums and balances, and an
 * end record, each 200 bytes followed by CR LF, 和暦 YYMMDD dates, Shift_JIS (cp932, as the reader decodes).
 * Fields are encoded one by one and cut by bytes, so a name that is too long is truncated as a bank would
 * and can never shift the next field. Pure: the same input gives the same bytes.
 */
import iconv from "iconv-lite";

export type ZenginEntry = {
  /** 勘定日, YYYY-MM-DD. */
  postedOn: string;
  /** 預入・払出日 (起算日), YYYY-MM-DD; the posting date when absent. */
  valueOn?: string;
  /** Whole yen, more than 0. */
  amount: number;
  kind: "deposit" | "withdrawal";
  /** 振込依頼人名 (for a withdrawal: a direct debit's 契約者番号, or ""), written as bank kana. */
  payerName: string;
  /** 摘要内容. */
  description?: string;
  /** 取引区分: by default 11 振込 for a deposit, 14 振替 for a withdrawal. */
  transactionCode?: string;
};

export type ZenginStatementInput = {
  bankCode: string;
  bankName: string;
  branchCode: string;
  branchName: string;
  /** 預金種目: 1 普通, 2 当座, 4 貯蓄. */
  accountType: "1" | "2" | "4";
  accountNumber: string;
  accountName: string;
  /** 勘定日(自)–(至), YYYY-MM-DD. */
  from: string;
  to: string;
  /** 作成日; the last day of the period when absent. */
  createdOn?: string;
  /** 取引前残高 in whole yen; negative for an overdraft. */
  openingBalance: number;
  entries: readonly ZenginEntry[];
};

const RECORD_LENGTH = 200;
const SPACE = 0x20;
const CRLF = Buffer.from("\r\n");
const ENCODING = "cp932";

/** Full-width katakana to the half-width form banks write, voiced and semi-voiced ones as two letters (ガ → ｶﾞ). */
const HALF_WIDTH_KANA = new Map<string, string>();
for (let code = 0xff66; code <= 0xff9d; code += 1) {
  const half = String.fromCharCode(code);
  HALF_WIDTH_KANA.set(half.normalize("NFKC"), half);
  for (const mark of ["ﾞ", "ﾟ"]) {
    const composed = `${half}${mark}`.normalize("NFKC");
    if (composed.length === 1) HALF_WIDTH_KANA.set(composed, `${half}${mark}`);
  }
}
const SMALL_KANA = "ァィゥェォッャュョヮヵヶ";
const LARGE_KANA = "アイウエオツヤユヨワカケ";

/**
 * A name as a bank writes it on a 全銀 file (reference §4): half-width katakana without small kana
 * (ショウジ → ｼﾖｳｼﾞ), the long vowel mark as "-", hiragana as katakana, letters in upper case and
 * full-width ASCII as ASCII (（ → ( ). Anything else is kept.
 */
export function bankKana(text: string): string {
  return [...text.normalize("NFKC")]
    .map((char) => {
      const code = char.charCodeAt(0);
      const katakana = code >= 0x3041 && code <= 0x3096 ? String.fromCharCode(code + 0x60) : char;
      const large = SMALL_KANA.includes(katakana) ? LARGE_KANA[SMALL_KANA.indexOf(katakana)]! : katakana;
      if (large === "ー") return "-";
      return HALF_WIDTH_KANA.get(large) ?? large.toUpperCase();
    })
    .join("");
}

type Field = [position: number, length: number, value: string | number, type: "N" | "C"];

/** An N field: the number's digits, right-aligned and zero-padded; a number that does not fit is a mistake, never cut. */
function numericBytes(value: string | number, length: number, position: number): Buffer {
  const digits = String(value);
  if (!/^\d+$/.test(digits) || digits.length > length) throw new RangeError(`全銀 field at ${position}: "${digits}" is not ${length} digits at most`);
  return Buffer.from(digits.padStart(length, "0"), "ascii");
}

/** A C field: bank kana, cut at the last whole character that fits (a two-byte character is never split), space-padded. */
function textBytes(value: string, length: number, position: number): Buffer {
  const parts: Buffer[] = [];
  let used = 0;
  for (const char of bankKana(value)) {
    const bytes = iconv.encode(char, ENCODING);
    if (iconv.decode(bytes, ENCODING) !== char) throw new RangeError(`全銀 field at ${position}: "${char}" cannot be written in Shift_JIS`);
    if (used + bytes.length > length) break;
    parts.push(bytes);
    used += bytes.length;
  }
  return Buffer.concat(parts);
}

function record(fields: readonly Field[]): Buffer {
  const bytes = Buffer.alloc(RECORD_LENGTH, SPACE);
  for (const [position, length, value, type] of fields) {
    (type === "N" ? numericBytes(value, length, position) : textBytes(String(value), length, position)).copy(bytes, position - 1);
  }
  return bytes;
}

/**
 * A date as 和暦 YYMMDD, the way the reader takes it back: 2019-01-01 to 2019-04-30 as 平成31, then 令和
 * up to 令和30 (2048). Outside that the field cannot say the date.
 */
export function warekiYymmdd(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const year = Number(match?.[1]);
  if (!match || year < 2019 || year > 2048) throw new RangeError(`${iso} cannot be written as a 全銀 date (2019-01-01 to 2048-12-31)`);
  const era = year === 2019 && `${match[2]}${match[3]}` <= "0430" ? 31 : year - 2018;
  return `${String(era).padStart(2, "0")}${match[2]}${match[3]}`;
}

/** 貸越区分 and the amount: 1 with the balance, or 2 with its absolute value for an overdraft. */
const signedBalance = (balance: number) => ({ sign: balance < 0 ? "2" : "1", amount: Math.abs(balance) });

/** The 入出金取引明細 of one account for the period, as the bank delivers it. */
export function writeZenginStatement(input: ZenginStatementInput): Buffer {
  const deposits = input.entries.filter((entry) => entry.kind === "deposit");
  const withdrawals = input.entries.filter((entry) => entry.kind === "withdrawal");
  const sum = (entries: readonly ZenginEntry[]) => entries.reduce((total, entry) => total + entry.amount, 0);
  const opening = signedBalance(input.openingBalance);
  const closing = signedBalance(input.openingBalance + sum(deposits) - sum(withdrawals));
  const header = record([
    [1, 1, "1", "N"],
    [2, 2, "03", "N"],
    [4, 1, "0", "N"],
    [5, 6, warekiYymmdd(input.createdOn ?? input.to), "N"],
    [11, 6, warekiYymmdd(input.from), "N"],
    [17, 6, warekiYymmdd(input.to), "N"],
    [23, 4, input.bankCode, "N"],
    [27, 15, input.bankName, "C"],
    [42, 3, input.branchCode, "N"],
    [45, 15, input.branchName, "C"],
    [60, 3, 0, "N"],
    [63, 1, input.accountType, "N"],
    [64, 10, input.accountNumber, "N"],
    [74, 40, input.accountName, "C"],
    [114, 1, opening.sign, "N"],
    // 通帳・証書区分 1: 通帳.
    [115, 1, "1", "N"],
    [116, 14, opening.amount, "N"],
  ]);
  const data = input.entries.map((entry, index) => {
    if (!Number.isInteger(entry.amount) || entry.amount <= 0) throw new RangeError(`全銀 取引金額 must be whole yen above 0, not ${entry.amount}`);
    return record([
      [1, 1, "2", "N"],
      [2, 8, index + 1, "N"],
      [10, 6, warekiYymmdd(entry.postedOn), "N"],
      [16, 6, warekiYymmdd(entry.valueOn ?? entry.postedOn), "N"],
      [22, 1, entry.kind === "deposit" ? "1" : "2", "N"],
      [23, 2, entry.transactionCode ?? (entry.kind === "deposit" ? "11" : "14"), "N"],
      [25, 12, entry.amount, "N"],
      // うち他店券金額, 交換呈示日, 不渡返還日, 手形・小切手区分 and 番号, 僚店番号, 振込依頼人コード: none.
      [37, 45, 0, "N"],
      [82, 48, entry.payerName, "C"],
      [160, 20, entry.description ?? "", "C"],
    ]);
  });
  const trailer = record([
    [1, 1, "8", "N"],
    [2, 6, deposits.length, "N"],
    [8, 13, sum(deposits), "N"],
    [21, 6, withdrawals.length, "N"],
    [27, 13, sum(withdrawals), "N"],
    [40, 1, closing.sign, "N"],
    [41, 14, closing.amount, "N"],
    [55, 7, data.length, "N"],
  ]);
  // レコード総件数 counts every record, the end record too (the reader accepts either reading, ADR 029).
  const end = record([
    [1, 1, "9", "N"],
    [2, 10, data.length + 3, "N"],
    [12, 5, 1, "N"],
  ]);
  return Buffer.concat([header, ...data, trailer, end].flatMap((bytes) => [bytes, CRLF]));
}
