import type { Registration } from "../../domain/registration-number";
import type { registrationNumbers } from "../db/schema";

/**
 * The 24 fields of an NTA publication record, in the order of the bulk CSV's
 * columns and with the Web-API's JSON names (its spelling "registrated" too).
 */
export const NTA_FIELDS = [
  "sequenceNumber",
  "registratedNumber",
  "process",
  "correct",
  "kind",
  "country",
  "latest",
  "registrationDate",
  "updateDate",
  "disposalDate",
  "expireDate",
  "address",
  "addressPrefectureCode",
  "addressCityCode",
  "addressRequest",
  "addressRequestPrefectureCode",
  "addressRequestCityCode",
  "kana",
  "name",
  "addressInside",
  "addressInsidePrefectureCode",
  "addressInsideCityCode",
  "tradeName",
  "popularName_previousName",
] as const;

export type NtaField = (typeof NTA_FIELDS)[number];
/** A record as the NTA publishes it: every value a string, blank for none. */
export type NtaRecord = Record<NtaField, string>;

export type RegistrationRow = typeof registrationNumbers.$inferSelect;

/** 事業者処理区分 99: the record was deleted from the publication. */
export const PROCESS_DELETED = "99";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A publication date, blank as null; anything else is not a date the NTA writes. */
function dateOf(record: NtaRecord, field: NtaField): string | null {
  const value = record[field].trim();
  if (value === "") return null;
  if (!DATE.test(value)) throw new Error(`${field} is not a date: ${JSON.stringify(value)}`);
  return value;
}

/** The row kept for a record; throws on a number or date the NTA would not publish. */
export function rowOf(record: NtaRecord): RegistrationRow {
  const number = record.registratedNumber.trim();
  if (!/^T\d{13}$/.test(number)) throw new Error(`registratedNumber is not T and 13 digits: ${JSON.stringify(number)}`);
  return {
    registratedNumber: number,
    process: record.process,
    correct: record.correct,
    kind: record.kind,
    country: record.country,
    latest: record.latest,
    registrationDate: dateOf(record, "registrationDate"),
    updateDate: dateOf(record, "updateDate"),
    disposalDate: dateOf(record, "disposalDate"),
    expireDate: dateOf(record, "expireDate"),
    address: record.address,
    addressPrefectureCode: record.addressPrefectureCode,
    addressCityCode: record.addressCityCode,
    addressRequest: record.addressRequest,
    addressRequestPrefectureCode: record.addressRequestPrefectureCode,
    addressRequestCityCode: record.addressRequestCityCode,
    kana: record.kana,
    name: record.name,
    addressInside: record.addressInside,
    addressInsidePrefectureCode: record.addressInsidePrefectureCode,
    addressInsideCityCode: record.addressInsideCityCode,
    tradeName: record.tradeName,
    popularNamePreviousName: record.popularName_previousName,
  };
}

/** What verification needs of a stored row. */
export function registrationOf(row: RegistrationRow): Registration {
  return {
    number: row.registratedNumber,
    process: row.process,
    kind: row.kind,
    name: row.name,
    kana: row.kana,
    tradeName: row.tradeName,
    popularNamePreviousName: row.popularNamePreviousName,
    // 国外事業者 publish their office in Japan instead; the requested address is an individual's choice.
    address: row.address || row.addressInside || row.addressRequest,
    registrationDate: row.registrationDate,
    updateDate: row.updateDate,
    disposalDate: row.disposalDate,
    expireDate: row.expireDate,
  };
}
