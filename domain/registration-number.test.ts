import { describe, expect, it } from "vitest";
import { MATCH_RESULTS } from "./codes";
import {
  MATCH_RESULT,
  REGISTRATION_NUMBER_MESSAGES,
  UNREGISTERED_SUPPLIER_CREDIT,
  businessNameKey,
  inputTaxCreditOn,
  isRegisteredOn,
  isValidRegistrationNumber,
  judgeRegistration,
  nameAgrees,
  normalizeRegistrationNumber,
  parseRegistrationNumber,
  registrationNumberProblem,
  type CreditPeriod,
  type Registration,
} from "./registration-number";

// Real corporate numbers, published by the National Tax Agency (法人番号公表サイト).
const KNOWN_CORPORATE_NUMBERS: Array<[string, string]> = [
  ["国税庁", "7000012050002"],
  ["トヨタ自動車", "1180301018771"],
  ["任天堂", "1130001011420"],
  ["ソニーグループ", "5010401067252"],
];

describe("normalizeRegistrationNumber", () => {
  it.each([
    ["already normal", "T7000012050002", "T7000012050002"],
    ["lower-case t", "t7000012050002", "T7000012050002"],
    ["full-width with full-width hyphens", "ｔ７０００－０１２０５－０００２", "T7000012050002"],
    ["full-width upper-case", "Ｔ７００００１２０５０００２", "T7000012050002"],
    ["hyphens", "T-7000-01205-0002", "T7000012050002"],
    ["katakana long vowel marks as dashes", "T7000ー01205ー0002", "T7000012050002"],
    ["spaces and ideographic spaces", " T 7000\u300001205 0002 ", "T7000012050002"],
    ["without T is kept without T", "7000012050002", "7000012050002"],
    ["invalid input is not rejected", "abc", "ABC"],
    ["empty", "", ""],
  ])("%s: %j → %j", (_name, input, expected) => {
    expect(normalizeRegistrationNumber(input)).toBe(expected);
  });
});

describe("registrationNumberProblem", () => {
  describe.each(KNOWN_CORPORATE_NUMBERS)("%s (%s) is valid", (_name, digits) => {
    const fullWidth = `Ｔ${digits.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0))}`;
    const hyphenated = `T${digits.slice(0, 1)}-${digits.slice(1, 5)}-${digits.slice(5, 9)}-${digits.slice(9)}`;
    it.each([
      ["plain", `T${digits}`],
      ["lower-case t", `t${digits}`],
      ["full-width", fullWidth],
      ["hyphenated", hyphenated],
      ["spaced", ` T ${digits} `],
    ])("%s: %j", (_form, input) => {
      expect(registrationNumberProblem(input)).toBeNull();
      expect(isValidRegistrationNumber(input)).toBe(true);
    });
  });

  // The T is part of the registration number (it is printed on invoices), so a
  // bare corporate number is a format problem even when its check digit is right.
  it.each(KNOWN_CORPORATE_NUMBERS)("%s without T (%s) is a format problem", (_name, digits) => {
    expect(registrationNumberProblem(digits)).toBe("format");
    expect(isValidRegistrationNumber(digits)).toBe(false);
  });

  // Each valid number with its first (check) digit changed.
  it.each([
    ["T8000012050002"],
    ["T2180301018771"],
    ["T2130001011420"],
    ["T6010401067252"],
    ["T0000012050002"],
    ["T9130001011420"],
    ["ｔ８０００－０１２０５－０００２"],
  ])("wrong check digit: %j", (input) => {
    expect(registrationNumberProblem(input)).toBe("checkDigit");
    expect(isValidRegistrationNumber(input)).toBe(false);
  });

  it.each([
    ["empty", ""],
    ["whitespace only", "  \u3000 "],
    ["T only", "T"],
    ["12 digits", "T700001205000"],
    ["14 digits", "T70000120500021"],
    ["letter inside", "T70000120500O2"],
    ["other prefix letter", "A7000012050002"],
    ["T at the end", "7000012050002T"],
    ["double T", "TT7000012050002"],
    ["dots as separators", "T7000.01205.0002"],
    ["non-ASCII digits (Arabic-Indic)", "T٧٠٠٠٠١٢٠٥٠٠٠٢"],
  ])("format problem, %s: %j", (_name, input) => {
    expect(registrationNumberProblem(input)).toBe("format");
    expect(isValidRegistrationNumber(input)).toBe(false);
  });
});

describe("REGISTRATION_NUMBER_MESSAGES", () => {
  it.each([
    ["format", "T123"],
    ["checkDigit", "T8000012050002"],
  ] as const)("has a message for %s", (problem, input) => {
    expect(registrationNumberProblem(input)).toBe(problem);
    expect(REGISTRATION_NUMBER_MESSAGES[problem]).toMatch(/登録番号/);
  });
});

describe("parseRegistrationNumber", () => {
  // The two worked examples of the check digit (省令 第2条): 苫小牧市 and 日本税理士会連合会.
  it.each([
    ["T1000020012131", "T1000020012131"],
    ["T7010705000725", "T7010705000725"],
    ["ｔ１０００－０２００－１２１３１", "T1000020012131"],
    [" Ｔ７０１０７０５０００７２５\u3000", "T7010705000725"],
  ])("%j is %s with a valid check digit", (input, number) => {
    expect(parseRegistrationNumber(input)).toEqual({ number, checkDigitValid: true });
  });

  // Individuals' numbers are not known to follow the check digit: reported, still a number to look up.
  it.each(["T8040001999011", "T0000000000016", "T2000020012131"])("%s fails the check digit but is a number", (input) => {
    expect(parseRegistrationNumber(input)).toEqual({ number: input, checkDigitValid: false });
  });

  it.each(["", "1000020012131", "T100002001213", "T10000200121311", "X1000020012131", "T1000O20012131"])("%j is not a registration number", (input) => {
    expect(parseRegistrationNumber(input)).toBeNull();
  });
});

describe("businessNameKey and nameAgrees", () => {
  it.each([
    ["(株)サンプル商事", "株式会社サンプル商事"],
    ["㈱サンプル商事", "株式会社サンプル商事"],
    ["（株）サンプル商事", "株式会社サンプル商事"],
    ["株式会社 サンプル\u3000商事", "株式会社サンプル商事"],
    ["ｻﾝﾌﾟﾙ商事(有)", "サンプル商事有限会社"],
    ["㈲サンプル", "有限会社サンプル"],
    ["(同)サンプル", "合同会社サンプル"],
    ["(一社)サンプル協会", "一般社団法人サンプル協会"],
    ["(特非)サンプル", "特定非営利活動法人サンプル"],
    ["ＡＢＣ株式会社", "abc株式会社"],
  ])("%j compares as %j", (name, key) => {
    expect(businessNameKey(name)).toBe(key);
  });

  const registered = { name: "株式会社サンプル商事", tradeName: "", popularNamePreviousName: "" };

  it("agrees whatever the width, spaces and abbreviation", () => {
    expect(nameAgrees("（株） サンプル商事", registered)).toBe(true);
    expect(nameAgrees("株式会社ｻﾝﾌﾟﾙ商事", registered)).toBe(true);
  });

  it("keeps the abbreviation's place: 前株 and 後株 are different names", () => {
    expect(nameAgrees("サンプル商事(株)", registered)).toBe(false);
  });

  it("differs on another name or another entity type", () => {
    expect(nameAgrees("株式会社サンプル物産", registered)).toBe(false);
    expect(nameAgrees("(有)サンプル商事", registered)).toBe(false);
  });

  it("agrees with the trade name or the common name of an individual", () => {
    const individual = { name: "山田太郎", tradeName: "やまだ工房", popularNamePreviousName: "佐藤太郎" };
    expect(nameAgrees("やまだ工房", individual)).toBe(true);
    expect(nameAgrees("佐藤 太郎", individual)).toBe(true);
    expect(nameAgrees("山田花子", individual)).toBe(false);
  });
});

describe("isRegisteredOn", () => {
  const registration = { registrationDate: "2023-10-01", disposalDate: null, expireDate: null };

  it.each([
    ["the day before registration", "2023-09-30", false],
    ["the registration day", "2023-10-01", true],
    ["later", "2030-01-01", true],
  ])("%s (%s): %s", (_name, date, expected) => {
    expect(isRegisteredOn(registration, date)).toBe(expected);
  });

  // The end dates are the first day without the registration.
  it.each([
    ["revoked: the day before", { disposalDate: "2024-04-01" }, "2024-03-31", true],
    ["revoked: that day", { disposalDate: "2024-04-01" }, "2024-04-01", false],
    ["expired: the day before", { expireDate: "2025-01-01" }, "2024-12-31", true],
    ["expired: that day", { expireDate: "2025-01-01" }, "2025-01-01", false],
  ])("%s", (_name, ending, date, expected) => {
    expect(isRegisteredOn({ ...registration, ...ending }, date)).toBe(expected);
  });

  it("is not in force without a registration date", () => {
    expect(isRegisteredOn({ registrationDate: null, disposalDate: null, expireDate: null }, "2024-01-01")).toBe(false);
  });
});

describe("inputTaxCreditOn", () => {
  it.each([
    ["2023-09-30", 100],
    ["2023-10-01", 80],
    ["2026-09-30", 80],
    ["2026-10-01", 50],
    ["2029-09-30", 50],
    ["2029-10-01", 0],
  ])("without a valid number on %s: %i %%", (date, rate) => {
    expect(inputTaxCreditOn(date, false)).toMatchObject({ rate, qualified: false });
    expect(inputTaxCreditOn(date, false).label).toMatch(/^適格請求書に該当しません/);
  });

  it("in full with a registration in force", () => {
    expect(inputTaxCreditOn("2027-01-01", true)).toEqual({ rate: 100, qualified: true, label: "適格請求書のため全額控除" });
  });

  it("takes another table, such as a revision once enacted", () => {
    const revised: CreditPeriod[] = [
      ...UNREGISTERED_SUPPLIER_CREDIT.slice(0, 2),
      { from: "2026-10-01", to: "2028-09-30", rate: 70, label: "70%" },
      { from: "2028-10-01", to: "2030-09-30", rate: 50, label: "50%" },
      { from: "2030-10-01", to: "2031-09-30", rate: 30, label: "30%" },
      { from: "2031-10-01", to: null, rate: 0, label: "0%" },
    ];
    expect(inputTaxCreditOn("2027-01-01", false, revised).rate).toBe(70);
    expect(inputTaxCreditOn("2031-01-01", false, revised).rate).toBe(30);
  });

  it("covers every day: the periods follow one another without gap", () => {
    for (let index = 1; index < UNREGISTERED_SUPPLIER_CREDIT.length; index++) {
      const previousEnd = new Date(`${UNREGISTERED_SUPPLIER_CREDIT[index - 1]!.to}T00:00:00Z`);
      previousEnd.setUTCDate(previousEnd.getUTCDate() + 1);
      expect(UNREGISTERED_SUPPLIER_CREDIT[index]!.from).toBe(previousEnd.toISOString().slice(0, 10));
    }
  });
});

describe("judgeRegistration", () => {
  const registration: Registration = {
    number: "T1000020012131",
    process: "01",
    kind: "2",
    name: "株式会社サンプル商事",
    kana: "",
    tradeName: "",
    popularNamePreviousName: "",
    address: "東京都千代田区",
    registrationDate: "2023-10-01",
    updateDate: "2023-10-01",
    disposalDate: null,
    expireDate: null,
  };
  const document = { number: "T1000020012131", checkDigitValid: true, date: "2024-06-01", name: "(株)サンプル商事" };
  const found = { status: "found", registration } as const;

  it("matches a registration in force under the document's name", () => {
    const verification = judgeRegistration(document, found);
    expect(verification).toMatchObject({ result: MATCH_RESULT.matched, nameCompared: true, inputTaxCredit: { rate: 100, qualified: true } });
    expect(verification.reason).toBe("取引日に登録されており、名称も一致します");
  });

  it("does not match another name: the document is not a qualified invoice", () => {
    const verification = judgeRegistration({ ...document, name: "株式会社ほか商事" }, found);
    expect(verification).toMatchObject({ result: MATCH_RESULT.unmatched, inputTaxCredit: { rate: 80, qualified: false } });
    expect(verification.reason).toContain("株式会社サンプル商事");
  });

  it.each([
    ["registered only later", { registrationDate: "2024-07-01" }, /まだ登録されていません/],
    ["revoked before", { disposalDate: "2024-05-01", process: "04" }, /取り消されています/],
    ["expired before", { expireDate: "2024-05-01", process: "03" }, /失効しています/],
  ])("does not match a registration not in force: %s", (_name, change, reason) => {
    const verification = judgeRegistration(document, { status: "found", registration: { ...registration, ...change } });
    expect(verification.result).toBe(MATCH_RESULT.unmatched);
    expect(verification.reason).toMatch(reason);
    expect(verification.inputTaxCredit?.qualified).toBe(false);
  });

  it("matches on the number alone when the publication holds no name (individuals in the bulk data)", () => {
    const verification = judgeRegistration(document, { status: "found", registration: { ...registration, kind: "1", name: "" } });
    expect(verification).toMatchObject({ result: MATCH_RESULT.matched, nameCompared: false });
    expect(verification.reason).toContain("名称は照合していません");
  });

  it("is not found, with the transitional credit of the date", () => {
    const verification = judgeRegistration({ ...document, date: "2027-01-01" }, { status: "notFound" });
    expect(verification).toMatchObject({ result: MATCH_RESULT.notFound, registration: null, inputTaxCredit: { rate: 50, qualified: false } });
  });

  it("notes a check digit that fails", () => {
    expect(judgeRegistration({ ...document, checkDigitValid: false }, { status: "notFound" }).reason).toContain("チェックデジットが一致しない");
  });

  it("is an error, with no verdict on the credit, when the lookup failed", () => {
    const verification = judgeRegistration(document, { status: "error", reason: "国税庁のAPIが時間内に応答しませんでした" });
    expect(verification).toMatchObject({ result: MATCH_RESULT.error, reason: "国税庁のAPIが時間内に応答しませんでした", inputTaxCredit: null });
  });
});

describe("MATCH_RESULT", () => {
  it("is SPEC §4's code list", () => {
    expect(Object.entries(MATCH_RESULT).map(([key, id]) => ({ id, key }))).toEqual(MATCH_RESULTS.map(({ id, key }) => ({ id, key })));
  });
});
