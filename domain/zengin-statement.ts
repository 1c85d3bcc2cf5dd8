/**
 * The bank's statement of an account, read from the file a company downloads from its internet banking
 * (issue 19 item 3, docs/decisions/029): the 全銀協 入出金取引明細 (種別 03, 200-byte records; the layout is
 * /work/shared/reference/zengin-statement.md §3) or the bank's own CSV (入出金明細). Pure: bytes in, entries
 * and problems out. Shift_JIS is decoded with the platform's TextDecoder (WHATWG "shift_jis" is cp932), so
 * this module needs no library and runs in the browser too. A malformed record is reported with its line
 * number and a Japanese message and left out; nothing here throws on bad input. A file is at most
 * MAX_STATEMENT_LINES lines, checked before it is read (ADR 035), and the readers are steps (domain/steps.ts) so
 * the server can read a long file in slices.
 */
import { csvSteps } from "./csv";
import { ITEMS_PER_STEP, runAtOnce, type Steps } from "./steps";

export type StatementKind = "deposit" | "withdrawal";

/** One deposit or withdrawal on the statement. Amounts are whole yen. */
export type StatementEntry = {
  /** The 1-based line of the file (for a 全銀 file without line breaks, the record's ordinal). */
  line: number;
  /** 勘定日 (posting date), YYYY-MM-DD. */
  postedOn: string;
  /** 起算日 (預入・払出日), YYYY-MM-DD; null when the file does not give one. */
  valueOn: string | null;
  kind: StatementKind;
  amount: number;
  /** 振込依頼人名 as the bank wrote it (half-width kana in a 全銀 file); "" when there is none. */
  payerName: string;
  /** 照会番号 (the bank's number for the entry), when the file has one. */
  reference: string | null;
  /** 取引区分 (10 現金, 11 振込, … 19 訂正), when the file has one. */
  transactionCode: string | null;
  /** 摘要内容, 仕向銀行名 and 仕向店名, EDI情報 joined, when present. */
  description: string;
  /** 残高 after the entry, when the file gives one (CSV); may be negative (overdraft). */
  balance: number | null;
};

/** A 全銀 header…trailer group: one account. */
export type StatementAccount = {
  line: number;
  bankCode: string;
  bankName: string;
  branchCode: string;
  branchName: string;
  /** 預金種目: 1 普通, 2 当座, 4 貯蓄. */
  accountType: string;
  accountNumber: string;
  accountName: string;
  /** 勘定日(自)–(至), YYYY-MM-DD. */
  from: string | null;
  to: string | null;
  /** 取引前残高 and 取引後残高, signed by 貸越区分. */
  openingBalance: number | null;
  closingBalance: number | null;
};

export type StatementProblem = { line: number; message: string };

export type ParsedStatement = {
  format: "zengin" | "csv";
  accounts: StatementAccount[];
  entries: StatementEntry[];
  problems: StatementProblem[];
};

const RECORD_LENGTH = 200;
const SPACE = 0x20;
const CR = 0x0d;
const LF = 0x0a;
/** A DOS end-of-file mark some systems still append. */
const EOF_MARK = 0x1a;

const sjis = new TextDecoder("shift_jis");
const utf8Strict = new TextDecoder("utf-8", { fatal: true });

/** Whether the bytes look like a 全銀 入出金取引明細 (or another 全銀 file: a header record of data 区分 1). */
export function looksLikeZengin(bytes: Uint8Array): boolean {
  // "1" then a two-digit 種別コード then コード区分: a CSV's first line practically never starts like this.
  return bytes.length >= 4 && bytes[0] === 0x31 && isDigitByte(bytes[1]) && isDigitByte(bytes[2]) && isDigitByte(bytes[3]);
}

/**
 * The most lines one statement file may have: 全銀 records (200 bytes each when the file has no line breaks) or
 * CSV lines, blank ones included. A year of a small company's account (20–40 entries a business day) fits; a
 * longer file is refused before it is read, so reading and matching one statement stay bounded (ADR 035).
 */
export const MAX_STATEMENT_LINES = 10_000;

/** The refusal of a file over MAX_STATEMENT_LINES: the limit and what to do instead. */
export const tooManyLinesMessage = (lines: number) =>
  `明細ファイルの行数が多すぎます（${lines.toLocaleString("ja-JP")}行）。1回に取り込めるのは${MAX_STATEMENT_LINES.toLocaleString("ja-JP")}行（全銀形式は${MAX_STATEMENT_LINES.toLocaleString("ja-JP")}レコード）までです。期間を短くして（1か月ごとなど）明細をダウンロードし、分けて取り込んでください。`;

/**
 * The file's lines as the readers count them, without reading it: line ends (CR LF once, a last line without
 * one counted too), or for a 全銀 file without line breaks its 200-byte records. A trailing EOF mark is not a line.
 */
export function statementLineCount(bytes: Uint8Array): number {
  const end = withoutEofMarks(bytes);
  let lines = 0;
  for (let index = 0; index < end; index += 1) {
    const byte = bytes[index];
    if (byte !== CR && byte !== LF) continue;
    lines += 1;
    if (byte === CR && bytes[index + 1] === LF) index += 1;
  }
  if (end > 0 && bytes[end - 1] !== CR && bytes[end - 1] !== LF) lines += lines === 0 && looksLikeZengin(bytes) ? Math.ceil(end / RECORD_LENGTH) : 1;
  return lines;
}

/** Reads either kind of statement file, by its first bytes. */
export function parseStatementFile(bytes: Uint8Array): ParsedStatement {
  return runAtOnce(statementSteps(bytes));
}

/** Files people take for a statement by mistake, by their first bytes, and what to say instead of reading them as CSV. */
const OTHER_FILES: ReadonlyArray<{ signature: number[]; what: string }> = [
  { signature: [0x25, 0x50, 0x44, 0x46, 0x2d], what: "PDFのファイル" },
  { signature: [0x50, 0x4b, 0x03, 0x04], what: "Excel（.xlsx）などの圧縮されたファイル" },
  { signature: [0xd0, 0xcf, 0x11, 0xe0], what: "Excel（.xls）のファイル" },
  { signature: [0x89, 0x50, 0x4e, 0x47], what: "画像（PNG）のファイル" },
  { signature: [0xff, 0xd8, 0xff], what: "画像（JPEG）のファイル" },
];

/** A file that is no statement at all, said once at its first line. */
// eslint-disable-next-line require-yield -- one step: there is nothing to read, so nothing to pause between
function* refusedFile(format: ParsedStatement["format"], message: string): Steps<ParsedStatement> {
  return { format, accounts: [], entries: [], problems: [{ line: 1, message }] };
}

/** parseStatementFile as steps, for a reader that pauses between them. */
export function statementSteps(bytes: Uint8Array): Steps<ParsedStatement> {
  const other = OTHER_FILES.find(({ signature }) => signature.every((byte, index) => bytes[index] === byte));
  if (other) return refusedFile("csv", `${other.what}です。入出金明細は、銀行のサイトから全銀形式（入出金取引明細）またはCSVでダウンロードして取り込んでください。`);
  return looksLikeZengin(bytes) ? zenginSteps(bytes) : bankCsvSteps(bytes);
}

// ---------------------------------------------------------------------------------------------------------------------
// 全銀 入出金取引明細

type RawRecord = { line: number; bytes: Uint8Array };

const isDigitByte = (byte: number | undefined): boolean => byte !== undefined && byte >= 0x30 && byte <= 0x39;

/** A record re-padded with spaces to 200 bytes: text tools trim trailing spaces (reference §1). */
function padded(bytes: Uint8Array): Uint8Array {
  if (bytes.length >= RECORD_LENGTH) return bytes;
  const record = new Uint8Array(RECORD_LENGTH).fill(SPACE);
  record.set(bytes);
  return record;
}

/** Where the file ends without the DOS end-of-file marks after it. */
function withoutEofMarks(bytes: Uint8Array): number {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === EOF_MARK) end -= 1;
  return end;
}

/** The file cut into records: one per line when it has line breaks (CRLF, or a lone CR or LF), else every 200 bytes. */
function* recordsOf(bytes: Uint8Array, problems: StatementProblem[]): Steps<RawRecord[]> {
  const body = bytes.subarray(0, withoutEofMarks(bytes));
  const records: RawRecord[] = [];
  // Shift_JIS trail bytes are 0x40 and above, so a CR or LF byte is always a line break.
  const hasBreaks = body.includes(LF) || body.includes(CR);
  if (hasBreaks) {
    let start = 0;
    let line = 1;
    for (let index = 0; index <= body.length; index += 1) {
      const byte = body[index];
      if (index < body.length && byte !== CR && byte !== LF) continue;
      const record = body.subarray(start, index);
      if (record.length > RECORD_LENGTH) problems.push({ line, message: `1行が${record.length}バイトあります。全銀形式のレコードは200バイトです。` });
      else if (record.length > 0) records.push({ line, bytes: padded(record) });
      else if (index < body.length) problems.push({ line, message: "空の行があります。" });
      if (byte === CR && body[index + 1] === LF) index += 1;
      start = index + 1;
      if (line % ITEMS_PER_STEP === 0) yield;
      line += 1;
    }
    return records;
  }
  for (let start = 0, line = 1; start < body.length; start += RECORD_LENGTH, line += 1) {
    records.push({ line, bytes: padded(body.subarray(start, start + RECORD_LENGTH)) });
    if (line % ITEMS_PER_STEP === 0) yield;
  }
  return records;
}

/** A field by the reference's 1-based byte positions. */
const field = (record: Uint8Array, from: number, length: number): Uint8Array => record.subarray(from - 1, from - 1 + length);

class FieldError extends Error {}

function text(record: Uint8Array, from: number, length: number, name: string): string {
  const value = sjis.decode(field(record, from, length));
  if (value.includes("\uFFFD")) throw new FieldError(`${name}にShift_JISとして読めない文字があります。`);
  return value.replace(/[ \u3000]+$/, "");
}

/** An N field: digits only (right-aligned, zero-padded); a number that stays exact (at most 14 digits here). */
function numeric(record: Uint8Array, from: number, length: number, name: string): number {
  const value = field(record, from, length);
  if (!value.every((byte) => isDigitByte(byte))) throw new FieldError(`${name}が数字ではありません（「${sjis.decode(value)}」）。`);
  return Number(sjis.decode(value));
}

function digits(record: Uint8Array, from: number, length: number, name: string): string {
  const value = field(record, from, length);
  if (!value.every((byte) => isDigitByte(byte))) throw new FieldError(`${name}が数字ではありません（「${sjis.decode(value)}」）。`);
  return sjis.decode(value);
}

const pad2 = (value: number) => String(value).padStart(2, "0");

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A 和暦 YYMMDD date (reference §1) as YYYY-MM-DD. The field does not name the era: 01–30 are read as 令和
 * (2019–2048), 31 with a date up to 04-30 as 平成31 (2019, the last 平成 months); anything else cannot be
 * a statement's date. Null for an all-zero optional date.
 */
function warekiDate(record: Uint8Array, from: number, name: string, optional = false): string | null {
  const value = digits(record, from, 6, name);
  if (optional && (value === "000000" || /^ +$/.test(value))) return null;
  const era = Number(value.slice(0, 2));
  const month = Number(value.slice(2, 4));
  const day = Number(value.slice(4, 6));
  let year: number | null = null;
  if (era >= 1 && era <= 30) year = 2018 + era;
  else if (era === 31 && month * 100 + day <= 430) year = 2019;
  if (year === null || !isRealDate(year, month, day)) throw new FieldError(`${name}「${value}」が和暦の日付（年月日）として読めません。`);
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

function optionalDigitsDate(record: Uint8Array, from: number, name: string): string | null {
  // Optional dates are sometimes left blank rather than zero-filled.
  if (field(record, from, 6).every((byte) => byte === SPACE)) return null;
  return warekiDate(record, from, name, true);
}

/** 貸越区分 1 = plus, 2 = minus (overdraft). */
function signed(record: Uint8Array, signAt: number, from: number, length: number, name: string): number {
  const sign = text(record, signAt, 1, "貸越区分");
  const amount = numeric(record, from, length, name);
  if (sign !== "1" && sign !== "2" && sign !== "") throw new FieldError(`貸越区分「${sign}」が1（プラス）でも2（マイナス）でもありません。`);
  return sign === "2" ? -amount : amount;
}

type Group = {
  account: StatementAccount;
  entries: StatementEntry[];
  /** Data records of the group that could not be read: they still count in the trailer's figures. */
  unreadable: number;
  closed: boolean;
};

/** Other 全銀 files a bank's site offers beside the statement, by 種別コード. */
const OTHER_ZENGIN_KINDS: Record<string, string> = {
  "01": "振込入金通知",
  "11": "給与振込",
  "12": "賞与振込",
  "21": "総合振込",
  "91": "口座振替",
};

/** A 全銀 file of another kind: none of its records is a statement's, so it is said once and not read on. */
class OtherZenginKind extends FieldError {}

function readHeader(record: Uint8Array, line: number): StatementAccount {
  const kind = text(record, 2, 2, "種別コード");
  if (kind !== "03") {
    const name = OTHER_ZENGIN_KINDS[kind];
    throw new OtherZenginKind(
      `${name ? `${name}（種別コード${kind}）` : `種別コード「${kind}」`}のファイルです。取り込めるのは入出金取引明細（種別コード03）です。銀行のサイトから入出金明細を全銀形式でダウンロードしてください。`,
    );
  }
  const codeKind = text(record, 4, 1, "コード区分");
  if (codeKind === "1") throw new FieldError("コード区分がEBCDIC（1）です。JIS（0）のファイルを取り込んでください。");
  if (codeKind !== "0") throw new FieldError(`コード区分「${codeKind}」が0（JIS）ではありません。`);
  warekiDate(record, 5, "作成日");
  const accountType = digits(record, 63, 1, "預金種目");
  if (!["1", "2", "4"].includes(accountType)) throw new FieldError(`預金種目「${accountType}」は普通・当座・貯蓄（1・2・4）ではありません。`);
  return {
    line,
    from: warekiDate(record, 11, "勘定日(自)"),
    to: warekiDate(record, 17, "勘定日(至)"),
    bankCode: digits(record, 23, 4, "銀行コード"),
    bankName: text(record, 27, 15, "銀行名"),
    branchCode: digits(record, 42, 3, "支店コード"),
    branchName: text(record, 45, 15, "支店名"),
    accountType,
    accountNumber: digits(record, 64, 10, "口座番号"),
    accountName: text(record, 74, 40, "口座名"),
    openingBalance: signed(record, 114, 116, 14, "取引前残高"),
    closingBalance: null,
  };
}

function readData(record: Uint8Array, line: number): StatementEntry {
  const direction = text(record, 22, 1, "入払区分");
  if (direction !== "1" && direction !== "2") throw new FieldError(`入払区分「${direction}」が1（入金）でも2（出金）でもありません。`);
  const code = text(record, 23, 2, "取引区分");
  if (code !== "" && !/^\d\d$/.test(code)) throw new FieldError(`取引区分「${code}」が数字2桁ではありません。`);
  const kind: StatementKind = direction === "1" ? "deposit" : "withdrawal";
  const amount = numeric(record, 25, 12, "取引金額");
  if (amount === 0) throw new FieldError("取引金額が0円です。");
  numeric(record, 37, 12, "うち他店券金額");
  // For a withdrawal the 振込依頼人名 field holds a direct debit's 契約者番号, not a payer.
  const name = text(record, 82, 48, "振込依頼人名");
  const description = [
    text(record, 160, 20, "摘要内容"),
    text(record, 130, 15, "仕向銀行名"),
    text(record, 145, 15, "仕向店名"),
    text(record, 180, 20, "EDI情報"),
  ]
    .filter((part) => part !== "")
    .join(" ");
  return {
    line,
    reference: digits(record, 2, 8, "照会番号"),
    postedOn: warekiDate(record, 10, "勘定日")!,
    valueOn: optionalDigitsDate(record, 16, "預入・払出日"),
    kind,
    transactionCode: code === "" ? null : code,
    amount,
    payerName: kind === "deposit" ? name : "",
    description: kind === "withdrawal" && name !== "" ? [name, description].filter(Boolean).join(" ") : description,
    balance: null,
  };
}

const yen = (amount: number) => `${amount.toLocaleString("ja-JP")}円`;

/** The trailer's figures against the group's data records (reference §3): counts, sums, record count and the balance after. */
function checkTrailer(record: Uint8Array, line: number, group: Group, problems: StatementProblem[]): void {
  const deposits = group.entries.filter((entry) => entry.kind === "deposit");
  const withdrawals = group.entries.filter((entry) => entry.kind === "withdrawal");
  const sum = (entries: StatementEntry[]) => entries.reduce((total, entry) => total + entry.amount, 0);
  const depositCount = numeric(record, 2, 6, "入金件数");
  const depositSum = numeric(record, 8, 13, "入金額合計");
  const withdrawalCount = numeric(record, 21, 6, "出金件数");
  const withdrawalSum = numeric(record, 27, 13, "出金額合計");
  const closing = signed(record, 40, 41, 14, "取引後残高");
  const recordCount = numeric(record, 55, 7, "データ・レコード件数");
  group.account.closingBalance = closing;
  const mismatch = (what: string, stated: string, counted: string) =>
    problems.push({ line, message: `トレーラの${what}（${stated}）がデータ・レコードの集計（${counted}）と合いません。` });
  if (recordCount !== group.entries.length + group.unreadable)
    mismatch("データ・レコード件数", `${recordCount}件`, `${group.entries.length + group.unreadable}件`);
  // When a data record could not be read its amount is unknown, so the sums cannot be checked: its own problem says why.
  if (group.unreadable > 0) return;
  if (depositCount !== deposits.length) mismatch("入金件数", `${depositCount}件`, `${deposits.length}件`);
  if (depositSum !== sum(deposits)) mismatch("入金額合計", yen(depositSum), yen(sum(deposits)));
  if (withdrawalCount !== withdrawals.length) mismatch("出金件数", `${withdrawalCount}件`, `${withdrawals.length}件`);
  if (withdrawalSum !== sum(withdrawals)) mismatch("出金額合計", yen(withdrawalSum), yen(sum(withdrawals)));
  const opening = group.account.openingBalance;
  if (opening !== null && opening + sum(deposits) - sum(withdrawals) !== closing) {
    mismatch("取引後残高", yen(closing), yen(opening + sum(deposits) - sum(withdrawals)));
  }
}

/** Parses a 全銀 入出金取引明細 file: header (1), data (2)…, trailer (8), repeated per account, then end (9). */
export function parseZenginStatement(bytes: Uint8Array): ParsedStatement {
  return runAtOnce(zenginSteps(bytes));
}

function* zenginSteps(bytes: Uint8Array): Steps<ParsedStatement> {
  const problems: StatementProblem[] = [];
  const accounts: StatementAccount[] = [];
  const entries: StatementEntry[] = [];
  const records = yield* recordsOf(bytes, problems);
  let group: Group | null = null;
  let ended = false;
  let recordTotal = 0;
  for (const { line, bytes: record } of records) {
    recordTotal += 1;
    if (recordTotal % ITEMS_PER_STEP === 0) yield;
    const kind = String.fromCharCode(record[0]!);
    try {
      if (ended) throw new FieldError("エンド・レコードの後にレコードがあります。");
      if (kind === "1") {
        if (group && !group.closed) problems.push({ line, message: "前の口座のトレーラ・レコードがないまま、次のヘッダー・レコードが始まっています。" });
        // A header that cannot be read still opens a group, so its data records are not reported a second time.
        group = { account: { line } as StatementAccount, entries: [], unreadable: 0, closed: false };
        group.account = readHeader(record, line);
        accounts.push(group.account);
      } else if (kind === "2") {
        if (!group || group.closed) throw new FieldError("ヘッダー・レコードの前にデータ・レコードがあります。");
        const current: Group = group;
        try {
          const entry = readData(record, line);
          current.entries.push(entry);
          entries.push(entry);
        } catch (error) {
          current.unreadable += 1;
          throw error;
        }
      } else if (kind === "8") {
        if (!group || group.closed) throw new FieldError("ヘッダー・レコードの前にトレーラ・レコードがあります。");
        group.closed = true;
        checkTrailer(record, line, group, problems);
      } else if (kind === "9") {
        ended = true;
        if (group && !group.closed) problems.push({ line, message: "トレーラ・レコードがないまま、エンド・レコードがあります。" });
        const total = numeric(record, 2, 10, "レコード総件数");
        const accountCount = numeric(record, 12, 5, "口座数");
        // Whether レコード総件数 counts the end record itself is not confirmed (ADR 029): either reading is accepted.
        if (total !== recordTotal && total !== recordTotal - 1) {
          problems.push({ line, message: `エンド・レコードのレコード総件数（${total}件）がファイルのレコード数（${recordTotal}件）と合いません。` });
        }
        const headers = records.filter((candidate) => candidate.bytes[0] === 0x31).length;
        if (accountCount !== headers)
          problems.push({ line, message: `エンド・レコードの口座数（${accountCount}）がヘッダー・レコードの数（${headers}）と合いません。` });
      } else {
        // Inside an account's group an unknown record is most likely a damaged data record: its amount is unknown too.
        if (group && !group.closed) group.unreadable += 1;
        throw new FieldError(
          `データ区分「${sjis.decode(record.subarray(0, 1))}」は1（ヘッダー）・2（データ）・8（トレーラ）・9（エンド）のいずれでもありません。`,
        );
      }
    } catch (error) {
      if (!(error instanceof FieldError)) throw error;
      if (error instanceof OtherZenginKind) return { format: "zengin", accounts: [], entries: [], problems: [{ line, message: error.message }] };
      problems.push({ line, message: error.message });
    }
  }
  const last = records.at(-1)?.line ?? 1;
  if (records.length === 0) problems.push({ line: 1, message: "ファイルが空です。" });
  else if (!ended) problems.push({ line: last, message: "エンド・レコード（データ区分9）がありません。ファイルが途中で切れている可能性があります。" });
  problems.sort((a, b) => a.line - b.line);
  return { format: "zengin", accounts, entries, problems };
}

// ---------------------------------------------------------------------------------------------------------------------
// The bank's own CSV (入出金明細). There is no standard (reference §5): columns are found by their header names.

type Column = "date" | "valueDate" | "payer" | "description" | "deposit" | "withdrawal" | "balance";

/**
 * Header names per column, after NFKC, without spaces and a trailing 「(円)」. The first name a file has wins,
 * so 勘定日 is preferred to 起算日, and a dedicated 振込依頼人名 column to 摘要.
 */
const HEADER_NAMES: Record<Column, readonly string[]> = {
  date: ["勘定日", "取引日", "お取引日", "日付", "年月日", "取扱日", "取扱日付", "入出金日", "お取扱日"],
  valueDate: ["起算日", "預入・払出日"],
  payer: ["振込依頼人名", "依頼人名", "振込依頼人", "摘要内容", "お取引内容", "取引内容", "内容", "摘要", "お取引明細"],
  description: ["摘要", "取引区分", "明細区分"],
  deposit: ["入金額", "入金金額", "お預入金額", "預入金額", "お預入れ金額", "預かり金額", "お預り金額", "お預かり金額", "入金"],
  withdrawal: ["出金額", "出金金額", "お引出金額", "引出金額", "お引出し金額", "支払い金額", "支払金額", "お支払金額", "出金"],
  balance: ["残高", "差引残高", "現在残高", "取引後残高"],
};

const headerKey = (cell: string) =>
  cell
    .normalize("NFKC")
    .replace(/\s+/g, "")
    .replace(/[(（]円[)）]$/, "");

/** Which cell holds which column, when the row is a header: it needs a date and at least one amount column. */
function columnsOf(cells: readonly string[]): Partial<Record<Column, number>> | null {
  const keys = cells.map(headerKey);
  const columns: Partial<Record<Column, number>> = {};
  const taken = new Set<number>();
  for (const column of ["date", "valueDate", "deposit", "withdrawal", "balance", "payer", "description"] as const) {
    for (const name of HEADER_NAMES[column]) {
      const index = keys.findIndex((key, at) => key === name && !taken.has(at));
      if (index >= 0) {
        columns[column] = index;
        taken.add(index);
        break;
      }
    }
  }
  return columns.date !== undefined && (columns.deposit !== undefined || columns.withdrawal !== undefined) ? columns : null;
}

const ERAS: Record<string, { start: number; first: string; last: string }> = {
  令和: { start: 2018, first: "2019-05-01", last: "9999-12-31" },
  R: { start: 2018, first: "2019-05-01", last: "9999-12-31" },
  平成: { start: 1988, first: "1989-01-08", last: "2019-04-30" },
  H: { start: 1988, first: "1989-01-08", last: "2019-04-30" },
};

/** A CSV date: 2026/11/23, 2026-11-23, 2026年11月23日, 20261123, or 和暦 (令和8年11月23日, R8.11.23, H31/4/1). */
export function parseCsvDate(value: string): string | null {
  const cell = value
    .normalize("NFKC")
    .trim()
    .replace(/元(?=年)/, "1");
  let year: number;
  let month: number;
  let day: number;
  const western = /^(\d{4})[/\-.年](\d{1,2})[/\-.月](\d{1,2})日?$/.exec(cell) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(cell);
  const wareki = /^(令和|平成|R|H)(\d{1,2})[/\-.年](\d{1,2})[/\-.月](\d{1,2})日?$/i.exec(cell);
  if (western) {
    [year, month, day] = [Number(western[1]), Number(western[2]), Number(western[3])];
  } else if (wareki) {
    const era = ERAS[wareki[1]!.toUpperCase()]!;
    [year, month, day] = [era.start + Number(wareki[2]), Number(wareki[3]), Number(wareki[4])];
    const iso = `${year}-${pad2(month)}-${pad2(day)}`;
    if (Number(wareki[2]) < 1 || iso < era.first || iso > era.last) return null;
  } else {
    return null;
  }
  return isRealDate(year, month, day) ? `${year}-${pad2(month)}-${pad2(day)}` : null;
}

/** A CSV amount in whole yen: 1,234 / ¥1,234 / 1234円; a sign (- or ▲) only where `signed`. Null for an empty cell, NaN when unreadable. */
function parseCsvAmount(value: string, signed: boolean): number | null {
  const cell = value
    .normalize("NFKC")
    .trim()
    .replace(/^[¥\\]/, "")
    .replace(/円$/, "")
    .trim();
  if (cell === "") return null;
  const match = /^([-▲△]?)(\d{1,3}(?:,\d{3})*|\d+)$/.exec(cell);
  if (!match || (match[1] && !signed)) return Number.NaN;
  const amount = Number(match[2]!.replaceAll(",", ""));
  return match[1] ? -amount : amount;
}

/** 「振込 ｶ)ﾔﾏﾀﾞ」: some banks pack the kind of entry before the payer's kana in one cell (reference §5). */
const PAYER_PREFIX = /^(?:振込入金|振込|ﾌﾘｺﾐ|フリコミ|振替|ﾌﾘｶｴ)[\s\u3000]*/;

/** Decodes a CSV: UTF-8 when it has a BOM or is valid UTF-8, otherwise Shift_JIS (as api/csv/encoding.ts does for master data). */
function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder("utf-8").decode(bytes.subarray(3));
  try {
    return utf8Strict.decode(bytes);
  } catch {
    return sjis.decode(bytes);
  }
}

/** How many leading rows may come before the header (banks print the account and period above it). */
const HEADER_SEARCH_ROWS = 20;

/** Parses a bank's 入出金明細 CSV; the columns are found by the header row's names (ADR 029). */
export function parseBankCsv(bytes: Uint8Array): ParsedStatement {
  return runAtOnce(bankCsvSteps(bytes));
}

function* bankCsvSteps(bytes: Uint8Array): Steps<ParsedStatement> {
  const problems: StatementProblem[] = [];
  const entries: StatementEntry[] = [];
  const parsed = yield* csvSteps(decodeText(bytes));
  if ("error" in parsed)
    return { format: "csv", accounts: [], entries, problems: [{ line: parsed.error.line, message: `CSVとして読めません：${parsed.error.message}。` }] };
  const rows = parsed.rows;
  const headerAt = rows.slice(0, HEADER_SEARCH_ROWS).findIndex((row) => columnsOf(row.cells) !== null);
  if (headerAt < 0) {
    const message = "見出し行が見つかりません。日付（取引日・勘定日など）と入金額または出金額の列が必要です。";
    return { format: "csv", accounts: [], entries, problems: [{ line: rows[0]?.line ?? 1, message }] };
  }
  const columns = columnsOf(rows[headerAt]!.cells)!;
  const cellOf = (cells: readonly string[], column: Column) => (columns[column] === undefined ? "" : (cells[columns[column]!] ?? "").trim());
  for (const [index, { line, cells }] of rows.slice(headerAt + 1).entries()) {
    if (index % ITEMS_PER_STEP === 0) yield;
    if (cells.every((cell) => cell.trim() === "")) continue;
    const postedOn = parseCsvDate(cellOf(cells, "date"));
    if (!postedOn) {
      problems.push({ line, message: `日付「${cellOf(cells, "date")}」が読めません。` });
      continue;
    }
    const deposit = parseCsvAmount(cellOf(cells, "deposit"), false);
    const withdrawal = parseCsvAmount(cellOf(cells, "withdrawal"), false);
    const balance = parseCsvAmount(cellOf(cells, "balance"), true);
    if (Number.isNaN(deposit) || Number.isNaN(withdrawal) || Number.isNaN(balance)) {
      const which = Number.isNaN(deposit) ? "入金額" : Number.isNaN(withdrawal) ? "出金額" : "残高";
      problems.push({
        line,
        message: `${which}「${cellOf(cells, which === "入金額" ? "deposit" : which === "出金額" ? "withdrawal" : "balance")}」が円単位の金額として読めません。`,
      });
      continue;
    }
    const depositAmount = deposit ?? 0;
    const withdrawalAmount = withdrawal ?? 0;
    if (depositAmount > 0 && withdrawalAmount > 0) {
      problems.push({ line, message: "入金額と出金額の両方に金額があります。" });
      continue;
    }
    if (depositAmount === 0 && withdrawalAmount === 0) {
      problems.push({ line, message: "入金額も出金額もありません。" });
      continue;
    }
    const kind: StatementKind = depositAmount > 0 ? "deposit" : "withdrawal";
    const payerCell = cellOf(cells, "payer");
    const valueDate = cellOf(cells, "valueDate");
    entries.push({
      line,
      postedOn,
      valueOn: valueDate === "" ? null : parseCsvDate(valueDate),
      kind,
      amount: kind === "deposit" ? depositAmount : withdrawalAmount,
      payerName: kind === "deposit" ? payerCell.replace(PAYER_PREFIX, "").trim() : "",
      reference: null,
      transactionCode: null,
      description: [cellOf(cells, "description"), kind === "withdrawal" ? payerCell : ""].filter((part) => part !== "").join(" "),
      balance,
    });
  }
  return { format: "csv", accounts: [], entries, problems };
}
