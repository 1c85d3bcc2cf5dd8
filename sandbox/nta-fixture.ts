import { NTA_FIELDS, type NtaRecord } from "../api/registration-numbers/record";

/** The application id the sandbox's NTA stand-in accepts; any other is refused as the NTA would. */
export const SANDBOX_NTA_APPLICATION_ID = "sandbox-application-id";

/** When the fixture's data was last updated, as the Web-API's `lastUpdateDate` says it. */
export const SANDBOX_NTA_LAST_UPDATE = "2026-10-30";

/**
 * A number for each case verification must tell apart (decision 025). The
 * corporations' numbers pass the check digit; the individual's does not, as
 * individuals' numbers need not. The last four are not in the data.
 */
export const SANDBOX_NTA_NUMBERS = {
  /** 株式会社サンドボックス商事, registered 2023-10-01: matches a document naming it (株)サンドボックス商事. */
  registered: "T4010001100001",
  /** 合同会社ミドリ技研: a document naming another business with this number does not match. */
  otherName: "T6011003200002",
  /** 有限会社とりけし商店, registration revoked (取消) on 2024-04-01. */
  revoked: "T3011003300003",
  /** 株式会社しっこう物産, registration expired (失効) on 2025-01-01. */
  expired: "T9011003400004",
  /** 株式会社あとから工業, registered only from 2025-04-01. */
  registeredLater: "T6011003500005",
  /** 山田太郎, trading as やまだ工房: an individual whose number fails the check digit. */
  individual: "T5100000000001",
  /** The sandbox's own 株式会社デモ商事, so its invoices verify when received. */
  demoCompany: "T9010401234567",
  /** A well-formed number nobody holds. */
  notFound: "T3011003600006",
  /** The stand-in answers 500. */
  serverError: "T9011003700007",
  /** The stand-in never answers: the client's timeout ends the wait. */
  noAnswer: "T6011003800008",
  /** The stand-in answers 200 with something that is not the JSON envelope. */
  unreadable: "T3011003900009",
} as const;

const BLANK = Object.fromEntries(NTA_FIELDS.map((field) => [field, ""])) as NtaRecord;

function record(fields: Partial<NtaRecord> & Pick<NtaRecord, "registratedNumber" | "name" | "registrationDate">): NtaRecord {
  return { ...BLANK, process: "01", correct: "0", kind: "2", country: "1", latest: "1", updateDate: fields.registrationDate, ...fields };
}

/** The publication the stand-in serves, in the NTA's record shape (all values strings). */
export const SANDBOX_NTA_RECORDS: readonly NtaRecord[] = [
  record({
    registratedNumber: SANDBOX_NTA_NUMBERS.registered,
    name: "株式会社サンドボックス商事",
    kana: "サンドボックスショウジ",
    registrationDate: "2023-10-01",
    updateDate: "2023-06-15",
    address: "東京都千代田区丸の内１丁目１番１号",
    addressPrefectureCode: "13",
    addressCityCode: "101",
  }),
  record({
    registratedNumber: SANDBOX_NTA_NUMBERS.otherName,
    name: "合同会社ミドリ技研",
    registrationDate: "2023-10-01",
    address: "大阪府大阪市北区梅田２丁目２番２号",
    addressPrefectureCode: "27",
    addressCityCode: "127",
  }),
  record({
    registratedNumber: SANDBOX_NTA_NUMBERS.revoked,
    process: "04",
    name: "有限会社とりけし商店",
    registrationDate: "2023-10-01",
    updateDate: "2024-04-05",
    disposalDate: "2024-04-01",
    address: "愛知県名古屋市中区栄３丁目３番３号",
    addressPrefectureCode: "23",
    addressCityCode: "106",
  }),
  record({
    registratedNumber: SANDBOX_NTA_NUMBERS.expired,
    process: "03",
    name: "株式会社しっこう物産",
    registrationDate: "2023-10-01",
    updateDate: "2025-01-10",
    expireDate: "2025-01-01",
    address: "福岡県福岡市博多区博多駅前４丁目４番４号",
    addressPrefectureCode: "40",
    addressCityCode: "132",
  }),
  record({
    registratedNumber: SANDBOX_NTA_NUMBERS.registeredLater,
    name: "株式会社あとから工業",
    registrationDate: "2025-04-01",
    updateDate: "2025-03-03",
    address: "北海道札幌市中央区北一条西５丁目５番５号",
    addressPrefectureCode: "01",
    addressCityCode: "101",
  }),
  record({
    registratedNumber: SANDBOX_NTA_NUMBERS.individual,
    kind: "1",
    name: "山田太郎",
    tradeName: "やまだ工房",
    registrationDate: "2024-01-01",
  }),
  record({
    registratedNumber: SANDBOX_NTA_NUMBERS.demoCompany,
    name: "株式会社デモ商事",
    registrationDate: "2023-10-01",
    address: "東京都中央区日本橋１丁目２番３号",
    addressPrefectureCode: "13",
    addressCityCode: "102",
  }),
];
