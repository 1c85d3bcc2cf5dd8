import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { files } from "../db/schema";
import { openTestDatabase } from "../../tests/support/database";
import { pixelsOf, PNG_BYTES, SCRIPT_BYTES } from "../../tests/support/files";
import { createS3FileStorage } from "./s3-storage";
import { createDatabaseFileStorage, type FileStorage } from "./storage";

/** An S3-compatible server (s3rver) stands in for the bank's object storage. */
let s3: S3rver;
let s3Directory: string;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let storage: FileStorage;

beforeAll(async () => {
  s3Directory = mkdtempSync(path.join(tmpdir(), "chohyo-s3-"));
  s3 = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: s3Directory, configureBuckets: [{ name: "chohyo-files" }] });
  const { port } = await s3.run();
  database = await openTestDatabase();
  storage = createS3FileStorage(database.db, {
    bucket: "chohyo-files",
    region: "ap-northeast-1",
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    prefix: "test/",
  });
});

afterAll(async () => {
  await database?.close();
  await s3?.close();
  rmSync(s3Directory, { recursive: true, force: true });
});

describe("S3-compatible file storage", () => {
  it("keeps the bytes in the bucket and the metadata, scoped by company, in the database", async () => {
    const saved = await storage.save({ companyUniqueCode: "C-DEMO", purpose: "logo", bytes: PNG_BYTES });
    const [row] = await database.db.select().from(files);
    expect(row).toMatchObject({ storage: "s3", data: null, contentType: "image/png" });
    expect(row!.storageKey).toMatch(/^test\/C-DEMO\/[0-9a-f-]{36}$/);

    const { file, bytes } = await storage.read("C-DEMO", saved.id);
    expect(file.sha256).toBe(saved.sha256);
    expect(pixelsOf(Buffer.from(bytes))).toEqual(pixelsOf(PNG_BYTES));
    await expect(storage.read("C-OTHER", saved.id)).rejects.toMatchObject({ status: 404 });
  });

  it("validates before uploading anything", async () => {
    await expect(storage.save({ companyUniqueCode: "C-DEMO", purpose: "stamp", bytes: SCRIPT_BYTES })).rejects.toMatchObject({ status: 415 });
  });

  it("still reads files saved in the database before S3 was configured", async () => {
    const old = await createDatabaseFileStorage(database.db).save({ companyUniqueCode: "C-DEMO", purpose: "stamp", bytes: PNG_BYTES });
    const { bytes } = await storage.read("C-DEMO", old.id);
    expect(pixelsOf(Buffer.from(bytes))).toEqual(pixelsOf(PNG_BYTES));
  });

  it("forgets a removed file", async () => {
    const saved = await storage.save({ companyUniqueCode: "C-DEMO", purpose: "logo", bytes: PNG_BYTES });
    await storage.remove("C-DEMO", saved.id);
    await expect(storage.read("C-DEMO", saved.id)).rejects.toMatchObject({ status: 404 });
  });
});
