/**
 * What a received invoice or receipt says, read from its text (a PDF's text
 * layer): the transaction date, the amount, the supplier's registration
 * number and name, and the document number, proposed for the user to
 * confirm. A field is proposed only when a label or the layout points at it;
 * otherwise it is null and the user types it.
 *
 * The text is taken line by line; a tab or a run of two or more spaces
 * separates cells (columns) of a line. A value's label is the text before it
 * in its cell, or, for a value that opens its line, the cell above it.
 */
import { HONORIFICS } from "./honorifics";
import { normalizeDashes, normalizeIsoDate } from "./normalize";
import { businessNameKey, parseRegistrationNumber } from "./registration-number";

export type ReceivedProposal = {
  /** YYYY-MM-DD */
  transactionDate: string | null;
  /** Integer yen as a decimal string, tax included. */
  amount: string | null;
  /** "T" and 13 digits. */
  registrationNumber: string | null;
  supplierName: string | null;
  documentNumber: string | null;
  /** Read from a digital invoice only (domain/received-jp-pint.ts): YYYY-MM-DD. */
  dueDate?: string | null;
  /** Read from a digital invoice only: integer yen per rate, tax included, and the tax, as the form takes them. */
  amount10?: string | null;
  tax10?: string | null;
  amount8?: string | null;
  tax8?: string | null;
  amount0?: string | null;
};

type Line = { text: string; cells: string[]; values: Value[] };
type Value = { kind: "date" | "money"; value: string | null; start: number; end: number; label: string; labelAbove: string };

const DATE =
  /(?<!\d)(?:(?<era>令和|平成)\s*(?<eraYear>元|\d{1,2})|(?<year>\d{4}))\s*年\s*(?<month>\d{1,2})\s*月\s*(?<day>\d{1,2})\s*日|(?<![\d.])(?<numericYear>\d{4})\s*(?<separator>[/.-])\s*(?<numericMonth>\d{1,2})\s*\k<separator>\s*(?<numericDay>\d{1,2})(?![\d.])/g;
/** Years a document we receive can be dated in: 平成 on, so a stray number is not read as a year. */
const YEARS = { from: 1989, to: 2099 };
/** First year of each era less one, and the days the era covers. */
const ERAS: Record<string, { offset: number; from: string; to: string }> = {
  令和: { offset: 2018, from: "2019-05-01", to: "9999-12-31" },
  平成: { offset: 1988, from: "1989-01-08", to: "2019-04-30" },
};

/** Yen with a mark (¥, ￥ after NFKC, or the backslash some Japanese fonts print as ¥), 円, or thousands commas. */
const MONEY = /([¥\\]\s*)?(\d{1,3}(?:,\d{3})+|\d+)(\s*円)?/g;
/** A minus or triangle just before an amount; not the closing dash of the amount before it («¥1,000-\t¥500»). */
const NEGATIVE_MARK = /(?:^|\D)[-−△▲] ?$/;
const MAX_YEN_DIGITS = 12;

const ISSUE_DATE_LABEL = /発行|請求日|請求年月日|日付|取引日|取引年月日|領収日|領収年月日|納品日|売上日|作成日|購入日|利用日/g;
const DUE_DATE_LABEL = /期限|期日|支払日|支払予定日|振込日|入金日|締切/g;
const UNTIL = /^\s*(?:まで|迄)/;

/** Amount labels, best first: what is billed or received, then a total, then any amount. */
const AMOUNT_LABELS: ReadonlyArray<RegExp> = [/請求金?額|領収金?額|支払い?金?額/, /税込(?:合計|金額)|合計|総額|総計/, /金額|^計$/];
/** Labels of parts of the total, of other totals (the last invoice's) and of money handed over at a till. */
const NOT_THE_TOTAL = /小計|消費税|税額|税抜|税別|対象|前回|繰越|入金|預り|預かり|釣|値引|割引|内税|うち|内訳/;

const REGISTRATION_NUMBER = /(?<![A-Za-z])T[\s-]{0,2}(\d(?:[\s-]{0,2}\d){12})(?!\d)/g;
const REGISTRATION_LABEL = /登録番号|適格請求書/;

const ENTITY =
  /株式会社|有限会社|合同会社|合名会社|合資会社|(?:一般|公益)(?:社団|財団)法人|特定非営利活動法人|NPO法人|医療法人|学校法人|社会福祉法人|税理士法人|弁護士法人|監査法人|司法書士法人|行政書士法人|\((?:株|有|同|名|資|一社|一財|公社|公財|医|特非|学|福|税|弁|監|司|行)\)/;
// 殿 is old-fashioned but still printed by some billing systems.
const ADDRESSEE_HONORIFICS: readonly string[] = [...HONORIFICS, "殿"];
const ADDRESSEE_HONORIFIC = new RegExp(`^(.*?)\\s*(?:${ADDRESSEE_HONORIFICS.join("|")})(?=\\s|$)`);
const ADDRESSEE_LABEL = /^(?:宛名|お客様名?|ご?請求先|納品先|お届け先)\s*:?\s*/;
const ISSUER_LABEL = /^(?:発行元|発行者|請求元|販売元|会社名|社名|事業者名|商号)\s*:?\s*/;
/** Any other short label before a colon (担当:, 取引先:). */
const OTHER_LABEL = /^[^:]{1,10}:\s*/;
/** Where a name in an issuer block ends: the address, phone, or registration number printed after it. */
const AFTER_NAME = /〒|(?<![A-Za-z])(?:TEL|Tel|tel|FAX|Fax|fax)(?![a-z])|電話|登録番号|住所|T\d/;
/** Bank lines (振込先 株式会社〇〇銀行 …) name the bank, not the supplier. */
const BANK = /銀行|信用金庫|信用組合|支店|口座|振込/;
const MAX_NAME_LENGTH = 50;
/** How many lines from its registration number a supplier's name may be printed. */
const NAME_REACH = 6;

const DOCUMENT_NUMBER = /(?<kind>請求書|請求|領収書|領収|納品書|納品|伝票|書類|文書)?\s*(?:番号|No\.?|NO\.?)\s*[:.#]?\s*(?<number>[A-Za-z0-9][A-Za-z0-9_/#.-]*)/g;
/** Numbers a generic "No." or 番号 may belong to that are not the document's. */
const OTHER_NUMBER = /(?:tel|fax|phone|電話|口座|郵便|会員|顧客|お客様|注文|登録|法人)\s*$/i;
const MAX_DOCUMENT_NUMBER_LENGTH = 30;

export function proposeFromText(text: string): ReceivedProposal {
  const lines = linesOf(text);
  const registration = registrationNumberOf(lines);
  return {
    transactionDate: transactionDateOf(lines),
    amount: amountOf(lines),
    registrationNumber: registration?.number ?? null,
    supplierName: supplierNameOf(lines, registration?.line ?? null),
    documentNumber: documentNumberOf(lines),
  };
}

/** NFKC makes full-width digits, letters, ￥, （） and spaces half-width and ㈱ into (株). */
function linesOf(text: string): Line[] {
  const lines = text
    .normalize("NFKC")
    .split(/\r\n|[\n\r\f]/)
    .map((raw) => {
      const cells = raw
        .split(/\t| {2,}/)
        .map((cell) => cell.replace(/\s+/g, " ").trim())
        .filter((cell) => cell !== "");
      const text = cells.join("\t");
      return { text, cells, values: valuesOf(text) };
    })
    .filter((line) => line.text !== "");
  lines.forEach((line, index) => labelValues(line, lines[index - 1]));
  return lines;
}

function valuesOf(text: string): Value[] {
  const values: Value[] = [];
  for (const match of text.matchAll(DATE)) {
    values.push({ kind: "date", value: dateOf(match.groups ?? {}), start: match.index, end: match.index + match[0].length, label: "", labelAbove: "" });
  }
  for (const match of text.matchAll(MONEY)) {
    const [whole, mark, digits = "", suffix] = match;
    const start = match.index;
    const end = start + whole.length;
    if (values.some((value) => value.kind === "date" && start < value.end && end > value.start)) continue;
    if (/[\w.,]/.test(text[start - 1] ?? "") || /^(?:[\w,]|\.\d)/.test(text.slice(end))) continue;
    if (!mark && !suffix && !digits.includes(",")) continue;
    if (NEGATIVE_MARK.test(text.slice(0, start))) continue;
    // ¥110,000- : the dash closes the amount so nothing can be added after it.
    values.push({ kind: "money", value: yenOf(digits), start, end: text[end] === "-" ? end + 1 : end, label: "", labelAbove: "" });
  }
  return values.sort((a, b) => a.start - b.start);
}

function dateOf(groups: Record<string, string | undefined>): string | null {
  const { era, eraYear, year, month, day, numericYear, numericMonth, numericDay } = groups;
  if (era && eraYear) {
    const { offset, from, to } = ERAS[era]!;
    const date = isoDate(offset + (eraYear === "元" ? 1 : Number(eraYear)), month, day);
    return date && from <= date && date <= to ? date : null;
  }
  return year ? isoDate(Number(year), month, day) : isoDate(Number(numericYear), numericMonth, numericDay);
}

function isoDate(year: number, month: string | undefined, day: string | undefined): string | null {
  if (year < YEARS.from || year > YEARS.to || !month || !day) return null;
  return normalizeIsoDate(`${year}-${month}-${day}`);
}

function yenOf(digits: string): string | null {
  const yen = BigInt(digits.replace(/,/g, ""));
  return yen > 0n && String(yen).length <= MAX_YEN_DIGITS ? String(yen) : null;
}

/**
 * A value's label is the last cell of the text between it and the value
 * before it. Values that open a line also get the cells of a line above
 * without values, one each, as a header row or a label above its value.
 */
function labelValues(line: Line, above: Line | undefined) {
  let cursor = 0;
  for (const value of line.values) {
    const cells = line.text.slice(cursor, value.start).split("\t").map(compactLabel).filter((cell) => cell !== "");
    value.label = cells.at(-1) ?? "";
    cursor = value.end;
  }
  if (!above || above.values.length > 0) return;
  for (const [index, value] of line.values.entries()) {
    if (value.label !== "" || index >= above.cells.length) break;
    value.labelAbove = compactLabel(above.cells[index]!);
  }
}

/** Without spaces, as labels are often spaced out (合 計, 発 行 日, also with ideographic spaces), and the colons around it. */
function compactLabel(text: string): string {
  return text.replace(/\s+/g, "").replace(/^:+|:+$/g, "");
}

/** The category of the keyword that comes last in a label, so the one nearest the value decides. */
function lastKeyword<C extends string>(label: string, keywords: Record<C, RegExp>): C | null {
  let found: { category: C; end: number } | null = null;
  for (const category of Object.keys(keywords) as C[]) {
    for (const match of label.matchAll(keywords[category])) {
      const end = match.index + match[0].length;
      if (!found || end > found.end) found = { category, end };
    }
  }
  return found?.category ?? null;
}

const DATE_LABELS = { issue: ISSUE_DATE_LABEL, due: DUE_DATE_LABEL };

/**
 * The date labelled as the issue or transaction date; without one, the only
 * date on the document that has no label (a receipt's). A due date (支払期限,
 * or 「…日までに」) is never the transaction date, nor is a date of a period.
 */
function transactionDateOf(lines: Line[]): string | null {
  const unlabelled = new Set<string>();
  for (const line of lines) {
    for (const value of line.values) {
      if (value.kind !== "date" || value.value === null) continue;
      if (UNTIL.test(line.text.slice(value.end))) continue;
      const category = lastKeyword(value.label || value.labelAbove, DATE_LABELS);
      if (category === "issue") return value.value;
      if (category === null && value.label === "") unlabelled.add(value.value);
    }
  }
  return unlabelled.size === 1 ? [...unlabelled][0]! : null;
}

/**
 * The amount under the best label there is (ご請求金額 over 合計 over 金額),
 * never a subtotal, tax or other part; the largest when that label is on
 * several amounts, as the grand total is. Without such a label, the only
 * amount on the document (a receipt's 「¥5,500-」).
 */
function amountOf(lines: Line[]): string | null {
  let best: { rank: number; yen: bigint } | null = null;
  const amounts = new Set<string>();
  for (const { values } of lines) {
    for (const value of values) {
      if (value.kind !== "money" || value.value === null) continue;
      const label = value.label || value.labelAbove;
      amounts.add(NOT_THE_TOTAL.test(label) ? "part" : value.value);
      const rank = amountRank(label);
      if (rank === null) continue;
      const yen = BigInt(value.value);
      if (!best || rank < best.rank || (rank === best.rank && yen > best.yen)) best = { rank, yen };
    }
  }
  if (best) return String(best.yen);
  const [only] = amounts;
  return amounts.size === 1 && only !== "part" ? only! : null;
}

function amountRank(label: string): number | null {
  if (label === "" || NOT_THE_TOTAL.test(label)) return null;
  const rank = AMOUNT_LABELS.findIndex((pattern) => pattern.test(label));
  return rank === -1 ? null : rank;
}

/**
 * The registration number, with the line it is on. Of several different
 * numbers, the one labelled 登録番号 (on its line or the line above), or
 * else the only one whose check digit is right; otherwise none.
 */
function registrationNumberOf(lines: Line[]): { number: string; line: number } | null {
  const found = new Map<string, { line: number; labelled: boolean; checkDigitValid: boolean }>();
  lines.forEach((line, index) => {
    for (const match of normalizeDashes(line.text).matchAll(REGISTRATION_NUMBER)) {
      const parsed = parseRegistrationNumber(`T${match[1]}`);
      if (!parsed || found.has(parsed.number)) continue;
      const labelled = REGISTRATION_LABEL.test(line.text) || REGISTRATION_LABEL.test(lines[index - 1]?.text ?? "");
      found.set(parsed.number, { line: index, labelled, checkDigitValid: parsed.checkDigitValid });
    }
  });
  const candidates = [...found];
  const pick = (entries: typeof candidates) => (entries.length === 1 ? { number: entries[0]![0], line: entries[0]![1].line } : null);
  return pick(candidates) ?? pick(candidates.filter(([, { labelled }]) => labelled)) ?? pick(candidates.filter(([, { checkDigitValid }]) => checkDigitValid));
}

type NameCandidate = { name: string; line: number; labelled: boolean };

/**
 * The issuer: a company name (株式会社…, (株)…) that is not the addressee
 * (…御中, …様, or under a 宛名/請求先 label, wherever else that name is
 * printed) nor a bank. The one nearest the registration number; without a
 * number, the one labelled 発行元 or the only one there is.
 */
function supplierNameOf(lines: Line[], registrationLine: number | null): string | null {
  const addressees = new Set<string>();
  const candidates: NameCandidate[] = [];
  lines.forEach((line, index) => {
    line.cells.forEach((cell, cellIndex) => {
      const next = line.cells[cellIndex + 1] ?? lines[index + 1]?.cells[0];
      for (const part of companyParts(cell, next)) {
        if (part.addressee) addressees.add(businessNameKey(part.name));
        else candidates.push({ name: part.name, line: index, labelled: part.labelled });
      }
    });
  });
  const issuers = candidates.filter((candidate) => !addressees.has(businessNameKey(candidate.name)));
  const distinct = (list: NameCandidate[]) => new Set(list.map((candidate) => businessNameKey(candidate.name))).size;

  if (registrationLine !== null) {
    const near = issuers
      .map((candidate) => ({ candidate, distance: Math.abs(candidate.line - registrationLine) }))
      .filter(({ distance }) => distance <= NAME_REACH)
      // The nearest; of two as near, the one above, as a name heads the block its number is in.
      .sort((a, b) => a.distance - b.distance || a.candidate.line - b.candidate.line);
    if (near[0]) return near[0].candidate.name;
  }
  const labelled = issuers.filter((candidate) => candidate.labelled);
  if (distinct(labelled) === 1) return labelled[0]!.name;
  return distinct(issuers) === 1 ? issuers[0]!.name : null;
}

/**
 * The company names in a cell, each marked as the addressee or not. A cell
 * may hold the addressee and then the issuer when the text runs together
 * («株式会社A 御中 株式会社B»); an honorific alone in the next cell or line
 * («株式会社A» «御中») marks the name before it.
 */
function companyParts(cell: string, next: string | undefined): Array<{ name: string; addressee: boolean; labelled: boolean }> {
  if (BANK.test(cell)) return [];
  const addresseeLabelled = ADDRESSEE_LABEL.test(cell);
  const parts: Array<{ name: string; addressee: boolean; labelled: boolean }> = [];
  let rest = cell;
  for (let match = ADDRESSEE_HONORIFIC.exec(rest); match; match = ADDRESSEE_HONORIFIC.exec(rest)) {
    const name = companyName(match[1]!);
    if (name) parts.push({ name, addressee: true, labelled: false });
    rest = rest.slice(match[0].length).trim();
  }
  if (rest === "") return parts;
  const labelled = ISSUER_LABEL.test(rest);
  const name = companyName(rest);
  const honorificFollows = next !== undefined && ADDRESSEE_HONORIFICS.includes(next);
  if (name) parts.push({ name, addressee: addresseeLabelled || honorificFollows, labelled });
  return parts;
}

/** The name in a cell, without its label and cut where the address or numbers begin; null unless it is a company's. */
function companyName(text: string): string | null {
  const cut = AFTER_NAME.exec(text);
  const name = (cut ? text.slice(0, cut.index) : text).replace(ADDRESSEE_LABEL, "").replace(ISSUER_LABEL, "").replace(OTHER_LABEL, "").trim();
  return ENTITY.test(name) && name.length <= MAX_NAME_LENGTH ? name : null;
}

/**
 * The number after 請求書番号, 領収書番号 and the like; else after a bare
 * No. or 番号 that is not part of another number's label (登録番号, 電話番号,
 * 口座 No.). It has a digit in it.
 */
function documentNumberOf(lines: Line[]): string | null {
  let generic: string | null = null;
  for (const { text } of lines) {
    for (const match of text.matchAll(DOCUMENT_NUMBER)) {
      const { kind, number: raw = "" } = match.groups ?? {};
      const number = raw.replace(/[.\-/#]+$/, "");
      if (!/\d/.test(number) || number.length > MAX_DOCUMENT_NUMBER_LENGTH) continue;
      if (kind) return number;
      const before = text.slice(0, match.index);
      if (generic === null && !/\p{L}$/u.test(before) && !OTHER_NUMBER.test(before)) generic = number;
    }
  }
  return generic;
}
