import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../api/db/client";
import { importBulkFiles } from "../../api/registration-numbers/import";
import { verifyRegistrationNumber, type RegistrationLookup } from "../../api/registration-numbers/lookup";
import { createOfflineLookup } from "../../api/registration-numbers/offline";
import { createWebApiLookup } from "../../api/registration-numbers/web-api";
import { MATCH_RESULT, parseRegistrationNumber } from "../../domain/registration-number";
import { SANDBOX_NTA_NUMBERS, SANDBOX_NTA_RECORDS } from "../../sandbox/nta-fixture";
import { openTestDatabase } from "../support/database";
import { startNtaStandIn, writeBulkCsv } from "../support/nta";

const TIMEOUT_MS = 400;

let ntaStandIn: Awaited<ReturnType<typeof startNtaStandIn>>;
let database: DatabaseHandle & { label: string };
let workDir: string;

beforeAll(async () => {
  [ntaStandIn, database, workDir] = await Promise.all([startNtaStandIn(), openTestDatabase(), mkdtemp(path.join(tmpdir(), "nta-lookup-"))]);
});

afterAll(async () => {
  await Promise.all([ntaStandIn?.close(), database?.close(), workDir && rm(workDir, { recursive: true, force: true })]);
});

const webApi = (overrides: { applicationId?: string; baseUrl?: string } = {}) =>
  createWebApiLookup({ baseUrl: ntaStandIn.baseUrl, applicationId: ntaStandIn.applicationId, timeoutMs: TIMEOUT_MS, ...overrides });

function verify(lookup: RegistrationLookup, number: string, date: string, name: string) {
  return verifyRegistrationNumber(lookup, { ...parseRegistrationNumber(number)!, date, name });
}

/** The publication's cases: the same answers from the Web-API and from the imported bulk data. */
const PUBLISHED_CASES: Array<[string, string, string, string, number, RegExp]> = [
  ["registered, the document writes 株式会社 as (株)", SANDBOX_NTA_NUMBERS.registered, "2024-06-01", "(株)サンドボックス商事", MATCH_RESULT.matched, /名称も一致します/],
  ["registered, in full width with an ideographic space", SANDBOX_NTA_NUMBERS.registered, "2024-06-01", "株式会社　ｻﾝﾄﾞﾎﾞｯｸｽ商事", MATCH_RESULT.matched, /名称も一致します/],
  ["registered, under another name", SANDBOX_NTA_NUMBERS.otherName, "2024-06-01", "合同会社アオ技研", MATCH_RESULT.unmatched, /合同会社ミドリ技研.*一致しません/],
  ["revoked before the document's date", SANDBOX_NTA_NUMBERS.revoked, "2024-06-01", "有限会社とりけし商店", MATCH_RESULT.unmatched, /取り消されています（取消日 2024-04-01）/],
  ["revoked, the day before the revocation", SANDBOX_NTA_NUMBERS.revoked, "2024-03-31", "有限会社とりけし商店", MATCH_RESULT.matched, /名称も一致します/],
  ["expired before the document's date", SANDBOX_NTA_NUMBERS.expired, "2025-02-01", "株式会社しっこう物産", MATCH_RESULT.unmatched, /失効しています（失効日 2025-01-01）/],
  ["registered only after the document's date", SANDBOX_NTA_NUMBERS.registeredLater, "2024-12-01", "株式会社あとから工業", MATCH_RESULT.unmatched, /まだ登録されていません/],
  ["an individual by trade name, whose number fails the check digit", SANDBOX_NTA_NUMBERS.individual, "2024-06-01", "やまだ工房", MATCH_RESULT.matched, /名称も一致します（チェックデジットが一致しない番号です）/],
  ["not in the publication", SANDBOX_NTA_NUMBERS.notFound, "2024-06-01", "株式会社どこにも", MATCH_RESULT.notFound, /この登録番号はありません/],
];

describe("the Web-API client against the sandbox's NTA stand-in", () => {
  it.each(PUBLISHED_CASES)("%s", async (_name, number, date, name, result, reason) => {
    const verification = await verify(webApi(), number, date, name);
    expect(verification.result).toBe(result);
    expect(verification.reason).toMatch(reason);
    expect(verification.source).toBe("api");
  });

  it("gives the registration as published", async () => {
    const verification = await verify(webApi(), SANDBOX_NTA_NUMBERS.registered, "2024-06-01", "(株)サンドボックス商事");
    expect(verification.registration).toMatchObject({
      number: SANDBOX_NTA_NUMBERS.registered,
      name: "株式会社サンドボックス商事",
      kind: "2",
      process: "01",
      registrationDate: "2023-10-01",
      disposalDate: null,
      expireDate: null,
      address: "東京都千代田区丸の内１丁目１番１号",
    });
    expect(verification.inputTaxCredit).toEqual({ rate: 100, qualified: true, label: "適格請求書のため全額控除" });
  });

  it.each([
    ["the NTA answers 500", SANDBOX_NTA_NUMBERS.serverError, /HTTP 500/],
    ["the answer is not the JSON envelope", SANDBOX_NTA_NUMBERS.unreadable, /応答を読み取れませんでした/],
  ])("is an error when %s", async (_name, number, reason) => {
    const verification = await verify(webApi(), number, "2024-06-01", "株式会社どこか");
    expect(verification).toMatchObject({ result: MATCH_RESULT.error, registration: null, inputTaxCredit: null });
    expect(verification.reason).toMatch(reason);
  });

  it("is an error after its timeout when the NTA does not answer", async () => {
    const started = performance.now();
    const verification = await verify(webApi(), SANDBOX_NTA_NUMBERS.noAnswer, "2024-06-01", "株式会社どこか");
    const waited = performance.now() - started;
    expect(verification.result).toBe(MATCH_RESULT.error);
    expect(verification.reason).toMatch(/時間内に応答しませんでした/);
    expect(waited).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(waited).toBeLessThan(TIMEOUT_MS + 2000);
  });

  it("is an error, naming the settings, when the application id is refused", async () => {
    const verification = await verify(webApi({ applicationId: "not-approved" }), SANDBOX_NTA_NUMBERS.registered, "2024-06-01", "株式会社サンドボックス商事");
    expect(verification.result).toBe(MATCH_RESULT.error);
    expect(verification.reason).toMatch(/アプリケーションID.*HTTP 404/);
    expect(verification.reason).not.toContain("not-approved");
  });

  it("is an error when the NTA cannot be reached", async () => {
    const verification = await verify(webApi({ baseUrl: "http://127.0.0.1:9" }), SANDBOX_NTA_NUMBERS.registered, "2024-06-01", "株式会社サンドボックス商事");
    expect(verification).toMatchObject({ result: MATCH_RESULT.error, reason: expect.stringMatching(/接続できませんでした/) });
  });
});

describe("the offline lookup in the table the bulk import keeps", () => {
  it("is an error until a full import has been made: not found would be a wrong answer", async () => {
    const verification = await verify(createOfflineLookup(database.db), SANDBOX_NTA_NUMBERS.notFound, "2024-06-01", "株式会社どこにも");
    expect(verification.result).toBe(MATCH_RESULT.error);
    expect(verification.reason).toMatch(/まだ取り込まれていない/);
  });

  describe(`after importing the fixture as a bulk file`, () => {
    beforeAll(async () => {
      const file = path.join(workDir, "fixture.csv");
      await writeBulkCsv(file, SANDBOX_NTA_RECORDS);
      await importBulkFiles(database.db, "full", [file]);
    });

    it.each(PUBLISHED_CASES)("%s: as the Web-API answers", async (_name, number, date, name) => {
      const [offline, online] = await Promise.all([verify(createOfflineLookup(database.db), number, date, name), verify(webApi(), number, date, name)]);
      expect(offline.source).toBe("offline");
      expect({ ...offline, source: "api" }).toEqual(online);
    });
  });
});
