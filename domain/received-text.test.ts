import { describe, expect, it } from "vitest";
import { proposeFromText, type ReceivedProposal } from "./received-text";

/** Registration numbers whose check digits are right. */
const NUMBER = "T4010001100001";
const OTHER_NUMBER = "T6011003200002";

const INVOICE = [
  "請 求 書",
  "請求書番号 INV-2026-0042",
  "発行日 2026年11月5日",
  "お支払期限 2026年11月30日",
  "株式会社サンプル商事 御中\t株式会社テスト商会",
  "〒100-0005 東京都千代田区丸の内1-1-1",
  "TEL 03-1234-5678",
  `登録番号 ${NUMBER}`,
  "ご請求金額 ¥110,000-",
  "（税込）",
  "品名\t金額",
  "システム保守 11月分\t¥80,000",
  "出張費\t¥20,000",
  "小計（税抜）\t¥100,000",
  "消費税（10%）\t¥10,000",
  "合計（税込）\t¥110,000",
  "お振込先 株式会社デモ銀行 本店営業部 普通 1234567",
].join("\n");

describe("proposeFromText on whole documents", () => {
  it.each<[string, string, ReceivedProposal]>([
    [
      "an invoice as received-pdfs.ts lays it out",
      INVOICE,
      { transactionDate: "2026-11-05", amount: "110000", registrationNumber: NUMBER, supplierName: "株式会社テスト商会", documentNumber: "INV-2026-0042" },
    ],
    [
      "a receipt with full-width characters, 令和, its only amount and date unlabelled, the number spaced out",
      ["領　収　書", "No．０１２３", "山田太郎　様", "￥５，５００－", "但し　お品代として", "上記正に領収いたしました", "令和８年１１月５日", "㈲ミナミ商店", "登録番号　Ｔ４０１０　００１１　００００１"].join("\n"),
      { transactionDate: "2026-11-05", amount: "5500", registrationNumber: NUMBER, supplierName: "(有)ミナミ商店", documentNumber: "0123" },
    ],
    [
      "a receipt whose amount is labelled",
      ["領収書", "株式会社サンプル商事 様", "領収金額 ¥5,500-（税込）", "2026/11/05", "合同会社ミナミ"].join("\n"),
      { transactionDate: "2026-11-05", amount: "5500", registrationNumber: null, supplierName: "合同会社ミナミ", documentNumber: null },
    ],
    [
      "text run together with single spaces (no cells)",
      `株式会社サンプル商事 御中 株式会社テスト商会 登録番号:${NUMBER} 請求日:2026-11-05 お支払期限:2026-12-31 合計 110,000円`,
      { transactionDate: "2026-11-05", amount: "110000", registrationNumber: NUMBER, supplierName: "株式会社テスト商会", documentNumber: null },
    ],
    [
      "a header row of labels over a row of amounts",
      ["小計\t消費税\t合計", "¥100,000\t¥10,000\t¥110,000", "取引日\t2026.11.05"].join("\n"),
      { transactionDate: "2026-11-05", amount: "110000", registrationNumber: null, supplierName: null, documentNumber: null },
    ],
    [
      "labels on the line above their values",
      ["ご請求金額", "¥110,000-", "発行日", "2026年11月5日", "株式会社テスト商会", `登録番号 ${NUMBER}`].join("\n"),
      { transactionDate: "2026-11-05", amount: "110000", registrationNumber: NUMBER, supplierName: "株式会社テスト商会", documentNumber: null },
    ],
    ["nothing to read", "", { transactionDate: null, amount: null, registrationNumber: null, supplierName: null, documentNumber: null }],
  ])("%s", (_, text, expected) => {
    expect(proposeFromText(text)).toEqual(expected);
  });
});

describe("the transaction date", () => {
  it.each<[string, string, string | null]>([
    ["発行日 2026年11月5日", "western year with kanji", "2026-11-05"],
    ["請求日：２０２６年１１月５日", "full-width, full-width colon", "2026-11-05"],
    ["日付 2026/11/05", "slashes", "2026-11-05"],
    ["取引日 2026-11-05", "hyphens", "2026-11-05"],
    ["領収日 2026.11.5", "dots", "2026-11-05"],
    ["発行日 2026 年 11 月 5 日", "spaces inside", "2026-11-05"],
    ["発　行　日　2026年11月5日", "a spaced-out label", "2026-11-05"],
    ["発行日\tお支払期限\n2026/11/05\t2026/11/30", "labels in a header row", "2026-11-05"],
    ["お支払期限\t発行日\n2026/11/30\t2026/11/05", "the due date's heading first", "2026-11-05"],
    ["発行日 令和8年11月5日", "令和", "2026-11-05"],
    ["発行日 令和元年5月1日", "令和元年", "2019-05-01"],
    ["発行日 平成31年4月30日", "平成", "2019-04-30"],
    ["発行日 令和元年4月30日", "before 令和 began", null],
    ["発行日 平成32年1月1日", "after 平成 ended", null],
    ["発行日 2026年2月30日", "not on the calendar", null],
    ["発行日 2026/13/01", "no 13th month", null],
    ["発行日 1850年1月1日", "a year no received document has", null],
    ["お支払期限 2026年11月30日", "a due date alone", null],
    ["振込期限 2026/11/30\n発行日 2026/11/05", "the due date first", "2026-11-05"],
    ["お支払期限 2026/11/30 発行日 2026/11/05", "on one line, due date first", "2026-11-05"],
    ["発行日 2026/11/05 お支払期限 2026/11/30", "on one line, issue date first", "2026-11-05"],
    ["2026年11月30日までにお振込みください", "a due date in a sentence", null],
    ["2026年11月5日\n2026年11月30日までにお振込みください", "an unlabelled date beside a due date", "2026-11-05"],
    ["2026年11月5日", "the only date, unlabelled", "2026-11-05"],
    ["2026年11月5日\n2026年11月6日", "two unlabelled dates", null],
    ["ご利用期間 2026年10月1日～2026年10月31日", "a period", null],
    ["2026年11月分", "a month, not a day", null],
    ["請求書番号 INV-2026-1105", "a number that looks like a date", null],
  ])("%s (%s) → %s", (text, _, expected) => {
    expect(proposeFromText(text).transactionDate).toBe(expected);
  });
});

describe("the amount", () => {
  it.each<[string, string, string | null]>([
    ["ご請求金額 ¥110,000-", "the headline with its closing dash", "110000"],
    ["ご請求金額 ￥１１０，０００－（税込）", "full-width", "110000"],
    ["請求金額 110,000円", "円", "110000"],
    ["御請求額\t\\110,000", "the backslash some fonts print for ¥", "110000"],
    ["合 計 ¥1,100", "a spaced-out label", "1100"],
    ["税込合計 ¥1,100", "税込合計", "1100"],
    ["領収金額 ¥ 5,500", "a space after ¥", "5500"],
    ["金額 ¥3,300", "金額 alone", "3300"],
    ["小計 ¥100,000\n消費税 ¥10,000\n合計 ¥110,000", "subtotal and tax first", "110000"],
    ["小計 ¥100,000 消費税 ¥10,000 合計 ¥110,000", "subtotal and tax on one line", "110000"],
    ["合計 ¥110,000\nご請求金額 ¥99,790", "the billed amount over the total", "99790"],
    ["10%対象 ¥100,000\n内消費税 ¥10,000", "parts only", null],
    ["前回ご請求額 ¥50,000\n今回ご請求額 ¥110,000", "the last invoice's amount", "110000"],
    ["合計 ¥1,100\nお預り ¥2,000\nお釣り ¥900", "money handed over at a till", "1100"],
    ["合計 -¥1,100", "a negative amount", null],
    ["合計 △1,100", "negative with a triangle", null],
    ["小計\t消費税\t合計\n¥100,000-\t¥10,000-\t¥110,000-", "closing dashes in a row", "110000"],
    ["合計 110000", "no ¥, 円 or commas", null],
    ["合計 ¥0", "nothing", null],
    ["合計 ¥1,100.50", "fractions of a yen", null],
    ["¥5,500-\n但し お品代として", "the only amount, unlabelled", "5500"],
    ["¥5,500-\n内消費税 ¥500", "an unlabelled amount beside tax", null],
    ["¥5,500\n¥3,300", "two unlabelled amounts", null],
    ["消費税 ¥500", "tax alone", null],
    ["消費税\n¥500", "tax alone, labelled above", null],
    ["品名\t金額\n保守\t¥80,000\n出張費\t¥20,000", "line amounts under a column heading", null],
    ["合計数量 3点\n合計金額 ¥3,300", "a count", "3300"],
    ["ご請求金額 ¥1,000,000,000,000", "13 digits", null],
  ])("%s (%s) → %s", (text, _, expected) => {
    expect(proposeFromText(text).amount).toBe(expected);
  });
});

describe("the registration number", () => {
  it.each<[string, string, string | null]>([
    [`登録番号 ${NUMBER}`, "as printed", NUMBER],
    ["登録番号：Ｔ４０１０００１１００００１", "full-width", NUMBER],
    ["登録番号 T4010-0011-00001", "hyphens", NUMBER],
    ["登録番号 T 4 010 0011 00001", "spaces", NUMBER],
    ["登録番号 T4010−0011−00001", "a minus sign for the hyphen", NUMBER],
    ["登録番号 T4010001100002", "a wrong check digit: still what was printed", "T4010001100002"],
    ["登録番号 T401000110000", "12 digits", null],
    ["登録番号 T40100011000011", "14 digits", null],
    ["登録番号 4010001100001", "no T", null],
    ["ABT4010001100001", "part of a word", null],
    [`取引先 ${OTHER_NUMBER}\n登録番号 ${NUMBER}`, "two numbers, one labelled", NUMBER],
    [`T4010001100002\n${OTHER_NUMBER}`, "two unlabelled numbers, one with a valid check digit", OTHER_NUMBER],
  ])("%s (%s) → %s", (text, _, expected) => {
    expect(proposeFromText(text).registrationNumber).toBe(expected);
  });
});

describe("the supplier name", () => {
  it.each<[string, string, string | null]>([
    ["株式会社サンプル商事 御中\n株式会社テスト商会", "the name that is not the addressee", "株式会社テスト商会"],
    ["株式会社サンプル商事 様\n株式会社テスト商会", "様", "株式会社テスト商会"],
    ["株式会社サンプル商事\t御中\t株式会社テスト商会", "御中 in a cell of its own", "株式会社テスト商会"],
    ["株式会社サンプル商事\n御中\n株式会社テスト商会", "御中 on a line of its own", "株式会社テスト商会"],
    ["株式会社サンプル商事 御中", "only the addressee", null],
    ["請求先: 株式会社サンプル商事\n株式会社テスト商会", "an addressee by its label", "株式会社テスト商会"],
    ["お客様 株式会社サンプル商事\n株式会社テスト商会", "an addressee under お客様", "株式会社テスト商会"],
    ["株式会社サンプル商事 御中\n担当: 株式会社サンプル商事\n株式会社テスト商会", "the addressee's name printed again", "株式会社テスト商会"],
    ["株式会社テスト商会 〒100-0005 東京都千代田区 TEL 03-1234-5678", "cut before the address", "株式会社テスト商会"],
    [`株式会社テスト商会 登録番号 ${NUMBER}`, "cut before the number", "株式会社テスト商会"],
    ["(株)テスト TEL:03-1234-5678", "a colon after the name", "(株)テスト"],
    ["㈱テスト商会", "㈱", "(株)テスト商会"],
    ["テスト商会株式会社", "後株", "テスト商会株式会社"],
    ["株式会社Hotel Sample", "a Latin name with 'tel' in it", "株式会社Hotel Sample"],
    ["一般社団法人テスト協会", "an association", "一般社団法人テスト協会"],
    ["テスト商店", "no legal form: not recognised", null],
    ["お振込先 株式会社デモ銀行 本店", "a bank", null],
    ["株式会社エー\n株式会社ビー", "two names, no number", null],
    ["発行元: 株式会社エー\n株式会社ビー", "two names, one labelled 発行元", "株式会社エー"],
    [`株式会社エー\n\n\n\n\n\n\n\n株式会社ビー\n登録番号 ${NUMBER}`, "the one next to the number", "株式会社ビー"],
    [`株式会社エー\n登録番号 ${NUMBER}\n株式会社ビー`, "as near above as below: the one above", "株式会社エー"],
  ])("%s (%s) → %s", (text, _, expected) => {
    expect(proposeFromText(text).supplierName).toBe(expected);
  });
});

describe("the document number", () => {
  it.each<[string, string, string | null]>([
    ["請求書番号 INV-2026-0042", "請求書番号", "INV-2026-0042"],
    ["請求番号：０００１２３", "full-width", "000123"],
    ["領収書番号 R-15", "領収書番号", "R-15"],
    ["請求書No. 2026/0042", "請求書No.", "2026/0042"],
    ["No. 123", "No.", "123"],
    ["No.123", "no space", "123"],
    ["№ 123", "№", "123"],
    ["番号 A-1", "番号 alone", "A-1"],
    [`登録番号 ${NUMBER}`, "the registration number", null],
    ["電話番号 03-1234-5678", "a phone number", null],
    ["TEL No. 03-1234-5678", "a phone number after No.", null],
    ["口座番号 1234567", "an account number", null],
    ["No. ABC", "no digit", null],
    ["No. 1\n請求書番号 INV-9", "the labelled number over a bare No.", "INV-9"],
  ])("%s (%s) → %s", (text, _, expected) => {
    expect(proposeFromText(text).documentNumber).toBe(expected);
  });
});
