import { spawn } from "node:child_process";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import iconv from "iconv-lite";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../api/db/client";
import { registrationNumberImports, registrationNumbers } from "../../api/db/schema";
import { importBulkFiles } from "../../api/registration-numbers/import";
import type { NtaRecord } from "../../api/registration-numbers/record";
import { SANDBOX_NTA_NUMBERS, SANDBOX_NTA_RECORDS } from "../../sandbox/nta-fixture";
import { copyMigratedDataDir, openTestDatabase } from "../support/database";
import { bulkCsvLine, writeBulkCsv } from "../support/nta";

let database: DatabaseHandle & { label: string };
let workDir: string;

beforeAll(async () => {
  [database, workDir] = await Promise.all([openTestDatabase(), mkdtemp(path.join(tmpdir(), "nta-import-"))]);
});

afterAll(async () => {
  await Promise.all([database?.close(), workDir && rm(workDir, { recursive: true, force: true })]);
});

beforeEach(async () => {
  await database.db.delete(registrationNumbers);
  await database.db.delete(registrationNumberImports);
});

const [registered, otherName, revoked] = SANDBOX_NTA_RECORDS as [NtaRecord, NtaRecord, NtaRecord, ...NtaRecord[]];

async function bulkFile(name: string, records: NtaRecord[]): Promise<string> {
  const file = path.join(workDir, name);
  await writeBulkCsv(file, records);
  return file;
}

const held = () => database.db.select().from(registrationNumbers).orderBy(asc(registrationNumbers.registratedNumber));
const heldNames = async () => Object.fromEntries((await held()).map((row) => [row.registratedNumber, row.name]));

describe("a full import", () => {
  it("loads the latest record of every number, skipping history rows, and reports counts", async () => {
    const history = { ...registered, latest: "0", name: "株式会社旧サンドボックス商事" };
    const report = await importBulkFiles(database.db, "full", [await bulkFile("h_all_20261031.csv", [history, ...SANDBOX_NTA_RECORDS])]);
    expect(report).toMatchObject({ kind: "full", rowsRead: 8, upserted: 7, deleted: 0, skipped: 1, numbersHeld: 7, lastUpdateDate: "2025-03-03" });
    expect((await heldNames())[SANDBOX_NTA_NUMBERS.registered]).toBe("株式会社サンドボックス商事");
    const [row] = (await held()).filter((candidate) => candidate.registratedNumber === SANDBOX_NTA_NUMBERS.revoked);
    expect(row).toMatchObject({ process: "04", disposalDate: "2024-04-01", expireDate: null, address: revoked.address });
    expect(await database.db.select().from(registrationNumberImports)).toEqual([expect.objectContaining({ kind: "full", files: "h_all_20261031.csv", rowsRead: 8 })]);
  });

  it("replaces what was held: a number missing from the new month is gone", async () => {
    await importBulkFiles(database.db, "full", [await bulkFile("h_all_20260930.csv", [...SANDBOX_NTA_RECORDS])]);
    const report = await importBulkFiles(database.db, "full", [await bulkFile("h_all_20261031.csv", [registered, otherName])]);
    expect(report.numbersHeld).toBe(2);
    expect(Object.keys(await heldNames())).toEqual([SANDBOX_NTA_NUMBERS.registered, SANDBOX_NTA_NUMBERS.otherName].sort());
  });

  it("takes several files (the month's parts) and the NTA's .zip, read past entries that are not CSV", async () => {
    const csv = (records: NtaRecord[]) => strToU8(records.map((record, index) => bulkCsvLine(record, index + 1)).join(""));
    const zip = path.join(workDir, "h_all_20261031_csv_001.zip");
    await writeFile(zip, zipSync({ "h_all_20261031_001.csv": csv([registered]), "readme.txt": strToU8("公表情報") }));
    const other = await bulkFile("j_all_20261031.csv", [otherName]);
    const report = await importBulkFiles(database.db, "full", [zip, other]);
    expect(report.files.map(({ file, rowsRead }) => [file, rowsRead])).toEqual([
      ["h_all_20261031_csv_001.zip", 1],
      ["j_all_20261031.csv", 1],
    ]);
    expect(await heldNames()).toEqual({ [SANDBOX_NTA_NUMBERS.registered]: "株式会社サンドボックス商事", [SANDBOX_NTA_NUMBERS.otherName]: "合同会社ミドリ技研" });
  });

  it("keeps quoted commas, quotes and line breaks of a name", async () => {
    await importBulkFiles(database.db, "full", [await bulkFile("h_all_20261031.csv", [{ ...registered, name: '株式会社"ABC",\r\n商事' }])]);
    expect((await heldNames())[SANDBOX_NTA_NUMBERS.registered]).toBe('株式会社"ABC",\r\n商事');
  });

  it("is idempotent: the same file again leaves the same rows", async () => {
    const file = await bulkFile("h_all_20261031.csv", [...SANDBOX_NTA_RECORDS]);
    await importBulkFiles(database.db, "full", [file]);
    const first = await held();
    await importBulkFiles(database.db, "full", [file]);
    expect(await held()).toEqual(first);
  });

  it.each([
    ["a row with 23 columns", () => writeFile(path.join(workDir, "bad.csv"), bulkCsvLine(registered, 1).replace(/,""\r\n$/, "\r\n")), /record 1: 23 columns, expected 24/],
    ["a number that is not T and 13 digits", () => writeBulkCsv(path.join(workDir, "bad.csv"), [{ ...registered, registratedNumber: "1000020012131" }]), /registratedNumber/],
    ["a date the NTA does not write", () => writeBulkCsv(path.join(workDir, "bad.csv"), [{ ...registered, registrationDate: "2023/10/01" }]), /registrationDate is not a date/],
    ["a file that is not UTF-8", () => writeFile(path.join(workDir, "bad.csv"), iconv.encode(bulkCsvLine(registered, 1), "Shift_JIS")), /not UTF-8/],
  ])("refuses %s and leaves the table as it was", async (_name, write, message) => {
    await importBulkFiles(database.db, "full", [await bulkFile("h_all_20260930.csv", [registered])]);
    await write();
    const good = await bulkFile("h_all_20261031.csv", [otherName]);
    await expect(importBulkFiles(database.db, "full", [good, path.join(workDir, "bad.csv")])).rejects.toThrow(message);
    expect(Object.keys(await heldNames())).toEqual([SANDBOX_NTA_NUMBERS.registered]);
  });
});

describe("a diff import", () => {
  beforeEach(async () => {
    await importBulkFiles(database.db, "full", [await bulkFile("h_all_20261031.csv", [registered, otherName, revoked])]);
  });

  const renamed = { ...registered, process: "02", name: "株式会社サンドボックスホールディングス", updateDate: "2026-11-02" };
  const added = { ...SANDBOX_NTA_RECORDS[4]!, updateDate: "2026-11-01" };
  const deleted = { ...otherName, process: "99", updateDate: "2026-11-02" };

  it("applies the days in the order of their dates: changes, new numbers, deletions (99)", async () => {
    const first = await bulkFile("diff_20261101_csv.csv", [{ ...registered, process: "02", name: "株式会社サンドボックス商会", updateDate: "2026-11-01" }, added]);
    const second = await bulkFile("diff_20261102_csv.csv", [renamed, deleted]);
    // Given out of order on purpose.
    const report = await importBulkFiles(database.db, "diff", [second, first]);
    expect(report.files.map((file) => file.file)).toEqual(["diff_20261101_csv.csv", "diff_20261102_csv.csv"]);
    expect(report).toMatchObject({ rowsRead: 4, upserted: 3, deleted: 1, numbersHeld: 3, lastUpdateDate: "2026-11-02" });
    expect(await heldNames()).toEqual({
      [SANDBOX_NTA_NUMBERS.registered]: "株式会社サンドボックスホールディングス",
      [SANDBOX_NTA_NUMBERS.revoked]: "有限会社とりけし商店",
      [SANDBOX_NTA_NUMBERS.registeredLater]: "株式会社あとから工業",
    });
  });

  it("is idempotent, and an older day applied again does not take a number back in time", async () => {
    const first = await bulkFile("diff_20261101_csv.csv", [{ ...registered, process: "02", name: "株式会社サンドボックス商会", updateDate: "2026-11-01" }, added]);
    const second = await bulkFile("diff_20261102_csv.csv", [renamed, deleted]);
    await importBulkFiles(database.db, "diff", [first, second]);
    const applied = await held();
    await importBulkFiles(database.db, "diff", [first, second]);
    expect(await held()).toEqual(applied);
    await importBulkFiles(database.db, "diff", [first]);
    expect((await heldNames())[SANDBOX_NTA_NUMBERS.registered]).toBe("株式会社サンドボックスホールディングス");
  });

  it("refuses a file whose name carries no date to order it by", async () => {
    await expect(importBulkFiles(database.db, "diff", [await bulkFile("changes.csv", [renamed])])).rejects.toThrow(/must carry its date/);
  });
});

/** A generated 全件 file: `rows` distinct numbers with addresses and names as long as real ones. */
function* generatedRecords(rows: number): Generator<NtaRecord> {
  for (let index = 0; index < rows; index++) {
    const base = String(index).padStart(12, "0");
    yield {
      ...registered,
      registratedNumber: `T1${base}`,
      name: `株式会社テスト商事第${index}号`,
      kana: `テストショウジダイ${index}ゴウ`,
      address: `東京都千代田区丸の内${index}丁目${index % 100}番${index % 10}号\u3000サンプルビルディング${index % 50}階\u3000本店営業部経理課気付`,
      tradeName: `テスト商事${index % 1000}号店`,
    };
  }
}

function runImport(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("npm run nta:import", () => {
  const ROWS = 100_000;
  /**
   * The generated file (about 30 MiB) read whole and split into its 2.4 million cells does not fit in
   * this heap (V8 runs out of memory); read in batches, the import does.
   */
  const HEAP_LIMIT_MB = 40;

  it(
    `imports ${ROWS.toLocaleString("en")} rows into PGlite in constant memory (heap limit ${HEAP_LIMIT_MB} MB)`,
    async () => {
      const file = path.join(workDir, "h_all_20261031.csv");
      await writeBulkCsv(file, generatedRecords(ROWS));
      const fileMiB = (await stat(file)).size / 2 ** 20;
      expect(fileMiB).toBeGreaterThan(HEAP_LIMIT_MB / 2);
      const env = { ...process.env, DATA_DIR: path.join(workDir, "pglite"), DATABASE_URL: "" };
      // Migrated already (a copy of the run's database): the run is the import's, not initdb's and the migrations'.
      await copyMigratedDataDir(env.DATA_DIR);
      const args = [`--max-old-space-size=${HEAP_LIMIT_MB}`, "--import", "tsx", "scripts/nta-import.ts", "--full", file];
      const run = await runImport(args, env);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`full import (pglite): ${ROWS} read, ${ROWS} kept, 0 deleted, 0 skipped; ${ROWS} numbers held`);
    },
    600_000,
  );

  it("says how to use it", async () => {
    const run = await runImport(["--import", "tsx", "scripts/nta-import.ts", "--everything"], process.env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("usage: npm run nta:import -- --full FILE… | --diff FILE…");
  });
});
