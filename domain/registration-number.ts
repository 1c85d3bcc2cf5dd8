/**
 * The qualified invoice registration number (適格請求書発行事業者登録番号):
 * "T" followed by a 13-digit corporate number (法人番号), whose first digit is
 * a check digit over the other 12. Also the rules a received document's
 * number is verified by (decision 025): validity on a date, how names are
 * compared, and the input tax credit on a purchase without a valid number.
 */
import { MATCH_RESULTS } from "./codes";
import { normalizeDashes, toHalfWidth } from "./normalize";

export type RegistrationNumberProblem = "format" | "checkDigit";

export const REGISTRATION_NUMBER_MESSAGES = {
  format: "登録番号は「T」と13桁の数字で入力してください",
  checkDigit: "登録番号が正しくありません（チェックデジットが一致しません）",
} as const satisfies Record<RegistrationNumberProblem, string>;

/** "ｔ７０００－０１２０５－０００２" → "T7000012050002". Does not validate. */
export function normalizeRegistrationNumber(input: string): string {
  return normalizeDashes(toHalfWidth(input))
    .toUpperCase()
    .replace(/[\s-]/g, "");
}

/**
 * Check digit of a corporate number: 9 − (Σ Pn × Qn mod 9), where Pn is the
 * n-th digit of the 12-digit base counted from the rightmost (n = 1) and Qn is
 * 1 for odd n, 2 for even n.
 */
export function corporateNumberCheckDigit(base: string): number {
  let sum = 0;
  for (let n = 1; n <= base.length; n++) {
    sum += Number(base[base.length - n]) * (n % 2 === 1 ? 1 : 2);
  }
  return 9 - (sum % 9);
}

/**
 * What is wrong with a registration number, or null when it is valid.
 * A bare 13-digit corporate number without the "T" is a "format" problem:
 * the T is part of the registration number and must be printed on invoices.
 */
export function registrationNumberProblem(input: string): RegistrationNumberProblem | null {
  const normalized = normalizeRegistrationNumber(input);
  if (!/^T\d{13}$/.test(normalized)) return "format";
  const checkDigit = Number(normalized[1]);
  return corporateNumberCheckDigit(normalized.slice(2)) === checkDigit ? null : "checkDigit";
}

export function isValidRegistrationNumber(input: string): boolean {
  return registrationNumberProblem(input) === null;
}

/**
 * A received number as it is looked up: normalised, "T" and 13 digits, or
 * null. The check digit is reported, not enforced: individuals' numbers are
 * not known to follow it (decision 025), so a failing one is still looked up.
 */
export function parseRegistrationNumber(input: string): { number: string; checkDigitValid: boolean } | null {
  const number = normalizeRegistrationNumber(input.normalize("NFKC"));
  if (!/^T\d{13}$/.test(number)) return null;
  return { number, checkDigitValid: corporateNumberCheckDigit(number.slice(2)) === Number(number[1]) };
}

/**
 * Legal-entity abbreviations and what they stand for, after NFKC (which turns
 * ㈱ into (株) and full-width parentheses into ASCII ones).
 */
const ENTITY_ABBREVIATIONS: ReadonlyArray<[string, string]> = [
  ["(株)", "株式会社"],
  ["(有)", "有限会社"],
  ["(同)", "合同会社"],
  ["(名)", "合名会社"],
  ["(資)", "合資会社"],
  ["(一社)", "一般社団法人"],
  ["(一財)", "一般財団法人"],
  ["(公社)", "公益社団法人"],
  ["(公財)", "公益財団法人"],
  ["(社)", "社団法人"],
  ["(財)", "財団法人"],
  ["(医)", "医療法人"],
  ["(特非)", "特定非営利活動法人"],
  ["(NPO)", "特定非営利活動法人"],
  ["(学)", "学校法人"],
  ["(福)", "社会福祉法人"],
  ["(宗)", "宗教法人"],
  ["(税)", "税理士法人"],
  ["(弁)", "弁護士法人"],
  ["(監)", "監査法人"],
  ["(司)", "司法書士法人"],
  ["(行)", "行政書士法人"],
];

/**
 * The form two business names are compared in: NFKC (width), abbreviations
 * written out where they stand (so 前株 and 後株 stay different names),
 * Latin letters in lower case, and no spaces of any width.
 */
export function businessNameKey(name: string): string {
  let key = name.normalize("NFKC").replace(/\s+/g, "");
  for (const [abbreviation, full] of ENTITY_ABBREVIATIONS) key = key.split(abbreviation).join(full);
  return key.toLowerCase();
}

/** The published record of a registration, as the NTA's Web-API and bulk data name its fields. */
export type Registration = {
  number: string;
  /** 01 new, 02 changed, 03 expired (失効), 04 revoked (取消), 99 deleted. */
  process: string;
  /** 1 individual, 2 corporation (and 人格のない社団等). */
  kind: string;
  name: string;
  kana: string;
  tradeName: string;
  popularNamePreviousName: string;
  address: string;
  registrationDate: string | null;
  updateDate: string | null;
  disposalDate: string | null;
  expireDate: string | null;
};

/**
 * Whether a registration is in force on a day (YYYY-MM-DD): registered on or
 * before it, and neither revoked nor expired on or before it — the end dates
 * are the first day without the registration (decision 025).
 */
export function isRegisteredOn(registration: Pick<Registration, "registrationDate" | "disposalDate" | "expireDate">, date: string): boolean {
  const { registrationDate, disposalDate, expireDate } = registration;
  if (!registrationDate || registrationDate > date) return false;
  return (!disposalDate || date < disposalDate) && (!expireDate || date < expireDate);
}

/**
 * Whether the name on a document is the registered one: the name, the trade
 * name (屋号) or the common or former name, compared by businessNameKey.
 */
export function nameAgrees(documentName: string, registration: Pick<Registration, "name" | "tradeName" | "popularNamePreviousName">): boolean {
  const key = businessNameKey(documentName);
  return [registration.name, registration.tradeName, registration.popularNamePreviousName].some((name) => name !== "" && businessNameKey(name) === key);
}

/** The share of the consumption tax on a purchase that may be credited, for a period of transaction dates. */
export type CreditPeriod = { from: string | null; to: string | null; rate: number; label: string };

/**
 * Purchases from a supplier without a valid registration number (消費税法
 * 平成28年改正法附則 第52条・第53条), by transaction date, under current law.
 * Before 2023-10-01 the qualified invoice system did not apply, so the number
 * did not matter. The 令和8年度 revision (70 %/50 %/30 %) is not enacted as
 * far as we know: a later table replaces this one (decision 025).
 */
export const UNREGISTERED_SUPPLIER_CREDIT: readonly CreditPeriod[] = [
  { from: null, to: "2023-09-30", rate: 100, label: "適格請求書等保存方式の開始前のため、登録番号にかかわらず全額控除" },
  { from: "2023-10-01", to: "2026-09-30", rate: 80, label: "経過措置により仕入税額相当額の80%を控除" },
  { from: "2026-10-01", to: "2029-09-30", rate: 50, label: "経過措置により仕入税額相当額の50%を控除" },
  { from: "2029-10-01", to: null, rate: 0, label: "仕入税額控除の対象外" },
];

export type InputTaxCredit = { rate: number; qualified: boolean; label: string };

/**
 * The input tax credit for a purchase on a day: in full with a registration
 * in force then (a 適格請求書), else by the table's period of that day.
 */
export function inputTaxCreditOn(date: string, registeredOnDate: boolean, table: readonly CreditPeriod[] = UNREGISTERED_SUPPLIER_CREDIT): InputTaxCredit {
  if (registeredOnDate) return { rate: 100, qualified: true, label: "適格請求書のため全額控除" };
  const period = table.find(({ from, to }) => (!from || from <= date) && (!to || date <= to));
  if (!period) throw new Error(`No credit period covers ${date}`);
  return { rate: period.rate, qualified: false, label: `適格請求書に該当しません（${period.label}）` };
}

type MatchResultCode = (typeof MATCH_RESULTS)[number];

/** SPEC §4's match results by name, from the code list (codes.ts) that also labels them. */
export const MATCH_RESULT = Object.fromEntries(MATCH_RESULTS.map(({ key, id }) => [key, id])) as {
  readonly [K in MatchResultCode["key"]]: Extract<MatchResultCode, { key: K }>["id"];
};
export type MatchResult = (typeof MATCH_RESULT)[keyof typeof MATCH_RESULT];

/** What looking a number up in the NTA's publication gave. */
export type LookupOutcome = { status: "found"; registration: Registration } | { status: "notFound" } | { status: "error"; reason: string };

export type Verification = {
  number: string;
  date: string;
  result: MatchResult;
  reason: string;
  checkDigitValid: boolean;
  /** False when the publication holds no name to compare (individuals in the bulk data). */
  nameCompared: boolean;
  registration: Registration | null;
  /** Null when the lookup failed: whether the purchase qualifies is not known yet. */
  inputTaxCredit: InputTaxCredit | null;
};

const CHECK_DIGIT_NOTE = "（チェックデジットが一致しない番号です）";

/**
 * The match result of a document's number, date and name against what the
 * lookup found: matched when in force on the date and the name agrees,
 * unmatched when registered but the name differs or it was not in force then.
 * Only a match counts as a qualified invoice for the input tax credit.
 */
export function judgeRegistration(
  document: { number: string; checkDigitValid: boolean; date: string; name: string },
  outcome: LookupOutcome,
  creditTable: readonly CreditPeriod[] = UNREGISTERED_SUPPLIER_CREDIT,
): Verification {
  const { number, checkDigitValid, date } = document;
  const note = checkDigitValid ? "" : CHECK_DIGIT_NOTE;
  const base = { number, date, checkDigitValid };
  if (outcome.status === "error") {
    return { ...base, result: MATCH_RESULT.error, reason: outcome.reason, nameCompared: false, registration: null, inputTaxCredit: null };
  }
  if (outcome.status === "notFound") {
    return {
      ...base,
      result: MATCH_RESULT.notFound,
      reason: `国税庁の公表情報にこの登録番号はありません${note}`,
      nameCompared: false,
      registration: null,
      inputTaxCredit: inputTaxCreditOn(date, false, creditTable),
    };
  }
  const { registration } = outcome;
  const inForce = isRegisteredOn(registration, date);
  const nameCompared = registration.name !== "" || registration.tradeName !== "" || registration.popularNamePreviousName !== "";
  const agrees = !nameCompared || nameAgrees(document.name, registration);
  const result = inForce && agrees ? MATCH_RESULT.matched : MATCH_RESULT.unmatched;
  // A number in force under another name does not make this supplier's document a qualified invoice.
  const inputTaxCredit = inputTaxCreditOn(date, result === MATCH_RESULT.matched, creditTable);
  return { ...base, result, reason: reasonOf(registration, date, inForce, agrees, nameCompared) + note, nameCompared, registration, inputTaxCredit };
}

function reasonOf(registration: Registration, date: string, inForce: boolean, agrees: boolean, nameCompared: boolean): string {
  if (!inForce) {
    if (!registration.registrationDate || registration.registrationDate > date) return `取引日（${date}）にはまだ登録されていません（登録日 ${registration.registrationDate ?? "不明"}）`;
    if (registration.disposalDate && registration.disposalDate <= date) return `取引日（${date}）より前に登録が取り消されています（取消日 ${registration.disposalDate}）`;
    return `取引日（${date}）より前に登録が失効しています（失効日 ${registration.expireDate}）`;
  }
  if (!agrees) return `登録されている名称（${registration.name || registration.tradeName}）と書類の名称が一致しません`;
  return nameCompared ? "取引日に登録されており、名称も一致します" : "取引日に登録されています（公表データに氏名がないため、名称は照合していません）";
}
