import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { extractText } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupEmbedded, restoreEmbedded, type BackupSummary, type RestoreSummary } from "../../api/backup/embedded";
import { backupPostgres, restorePostgres } from "../../api/backup/postgres";
import { eq } from "drizzle-orm";
import { openDatabase } from "../../api/db/client";
import { documents } from "../../api/db/schema";
import { startTestApi, type TestApi } from "../support/api";
import { createEmptyPostgresDatabase, LAST_MIGRATION, MIGRATIONS_FOLDER } from "../support/database";
import { createDocument, insertPaymentUser } from "../support/factories";
import { receivedDocumentPdf } from "../../sandbox/received-pdfs";
import { anotherScan } from "../support/files";
import { ok, post } from "../support/issued";
import { createReceived, enableReceiving, uploadReceived } from "../support/received";

/**
 * The restore drill (issue 34, ADR 039) on the engine the tests run on: PGlite, or PostgreSQL with
 * TEST_DATABASE_URL. Documents, received files, mails and payments are made, then more documents are written
 * while the backup is taken; the backup is restored into a fresh place and the product started on it.
 */
let api: TestApi;
let restored: TestApi;
const folder = mkdtempSync(path.join(tmpdir(), "chohyo-backup-drill-"));
const archive = path.join(folder, "drill.tar");

type Acknowledged = { id: number; number: string; at: number };
const before: { invoices: Acknowledged[]; received: Array<{ id: number; fileId: number; bytes: Uint8Array }> } = { invoices: [], received: [] };
const during: Acknowledged[] = [];
let backupStartedAt = 0;
let backup: BackupSummary;
let restore: RestoreSummary;

async function issuedInvoice(target: TestApi, amount: number): Promise<Acknowledged> {
  const draft = await createDocument(target, { lines: [{ description: "保守作業", quantity: "1", unit_price: String(amount), tax_rate: "10" }] });
  await ok(await target.call(`/documents/${draft.id}/issue`, { method: "POST" }));
  return { id: draft.id, number: draft.number, at: Date.now() };
}

/** This version's migrations and one more, as the next version of the product brings them to an older backup. */
function newerMigrations(): string {
  const newer = path.join(folder, "migrations");
  cpSync(MIGRATIONS_FOLDER, newer, { recursive: true });
  const journalFile = path.join(newer, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8"));
  const last = journal.entries.at(-1);
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: "9999_after_the_backup" });
  writeFileSync(journalFile, JSON.stringify(journal));
  writeFileSync(path.join(newer, "9999_after_the_backup.sql"), `ALTER TABLE "installation" ADD COLUMN "note" text;`);
  return newer;
}
let migratedOnStart = 0;

const receivedPdf = (amount: number) =>
  receivedDocumentPdf({ title: "請求書", supplierName: "株式会社あとから工業", registrationNumber: null, addressee: "株式会社デモ商事", date: "2026-11-02", amount });

beforeAll(async () => {
  api = await startTestApi();
  await insertPaymentUser(api.database.db, "owner");
  await enableReceiving(api.database.db);

  // Acknowledged before the backup: issued invoices (numbers, snapshots), a payment, a mail sent, received files.
  for (const amount of [10_000, 20_000, 30_000]) before.invoices.push(await issuedInvoice(api, amount));
  const paid = before.invoices[0]!;
  await ok(await api.call(`/documents/${paid.id}/payments`, post({ paid_on: "2026-11-25", amount: 5_000, method: "transfer" })));
  await api.call(`/documents/${before.invoices[1]!.id}/mails`, post({ to: ["keiri@aozora.example"], subject: "請求書送付のご案内", body: "請求書をお送りします。", delivery: "attachment" }));
  await api.mail.outbox.drain();
  // Real PDFs (an upload must open as one) and a scan, each a document of its own amount (the same twice would be warned of as a duplicate).
  const files = [await receivedPdf(3_300), await receivedPdf(4_400), anotherScan()];
  for (const [index, bytes] of files.entries()) {
    const [upload] = await uploadReceived(api, [{ name: index < 2 ? `received-${index}.pdf` : "received.png", bytes }]);
    const document = await createReceived(api, { upload_ids: [upload.id], transaction_date: "2026-11-02", amount: String(3_300 + index * 1_100), supplier_name: "株式会社あとから工業" });
    before.received.push({ id: document.id, fileId: document.files[0]!.id, bytes });
  }

  // Writers go on while the backup is taken: what they had acknowledged before it began must be restored.
  let writing = true;
  const writer = (async () => {
    while (writing) during.push(await issuedInvoice(api, 1_000 + during.length));
  })();
  // The backup begins once the writer has had writes acknowledged, however slow the machine.
  while (during.length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
  backupStartedAt = Date.now();
  backup =
    api.database.kind === "pglite"
      ? await backupEmbedded(api.database, archive, MIGRATIONS_FOLDER)
      : await backupPostgres(api.database.label === "PostgreSQL" ? (api.database as { url?: string }).url! : "", archive, MIGRATIONS_FOLDER);
  await new Promise((resolve) => setTimeout(resolve, 200));
  writing = false;
  await writer;

  // Restored into a fresh place, then the product started on it as a newer server starts: migrations first.
  if (api.database.kind === "pglite") {
    const dataDir = path.join(folder, "data");
    restore = await restoreEmbedded(archive, dataDir, MIGRATIONS_FOLDER, {});
    const database = await openDatabase({ dataDir });
    migratedOnStart = (await database.migrate(newerMigrations())).applied;
    restored = await startTestApi({ database: { ...database, label: "PGlite restored" } });
  } else {
    const empty = await createEmptyPostgresDatabase();
    restore = await restorePostgres(archive, empty.url, MIGRATIONS_FOLDER, {});
    const database = await openDatabase({ databaseUrl: empty.url, poolSize: 3 });
    migratedOnStart = (await database.migrate(newerMigrations())).applied;
    restored = await startTestApi({
      database: {
        ...database,
        label: "PostgreSQL restored",
        close: async () => {
          await database.close();
          await empty.drop();
        },
      },
    });
  }
}, 150_000);

afterAll(async () => {
  await restored?.close();
  await api?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("a backup restored into a fresh place", () => {
  it("was taken while writes went on, and its manifest names the installation and what it holds", () => {
    expect(during.filter((write) => write.at < backupStartedAt).length).toBeGreaterThan(0);
    expect(backup.manifest.installation.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(backup.manifest.schema.lastMigration).toBe(LAST_MIGRATION);
    expect(backup.manifest.tables["public.documents"]).toBeGreaterThanOrEqual(before.invoices.length);
    expect(backup.manifest.files.filter((file) => file.storage === "database").length).toBeGreaterThanOrEqual(before.received.length);
    // The restore checked every count and every file's SHA-256 against the manifest.
    expect(restore.verified.rows).toBe(Object.values(backup.manifest.tables).reduce((sum, rows) => sum + rows, 0));
    expect(restore.verified.filesVerified).toBe(backup.manifest.files.length);
    // A newer version starting on the backup applies the migration the backup lacks.
    expect(migratedOnStart).toBe(1);
  });

  it("holds every invoice acknowledged before the backup began, with its number", async () => {
    const acknowledged = [...before.invoices, ...during.filter((write) => write.at < backupStartedAt)];
    for (const invoice of acknowledged) {
      const document = await ok(await restored.call(`/documents/${invoice.id}`));
      expect(document.number).toBe(invoice.number);
    }
  });

  it("gives every received file back byte for byte", async () => {
    for (const received of before.received) {
      const response = await restored.call(`/received-documents/${received.id}/files/${received.fileId}`);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(received.bytes))).toBe(true);
    }
  });

  it("renders the same snapshots and PDFs, and keeps the payments and mails", async () => {
    for (const invoice of before.invoices) {
      const [original, copy] = await Promise.all(
        [api, restored].map(async (target) => ok(await target.call(`/documents/${invoice.id}/snapshots?revision=1`, post({ reason: "print" })))),
      );
      expect(copy.content).toEqual(original.content);
      // PDFKit dates each file it writes, so the PDFs are compared by what they show.
      const [originalPdf, copyPdf] = await Promise.all(
        [api, restored].map(async (target) => new Uint8Array(await (await target.call(`/documents/${invoice.id}/pdf?revision=1`)).arrayBuffer())),
      );
      expect((await extractText(copyPdf)).text).toEqual((await extractText(originalPdf)).text);
    }
    const paid = before.invoices[0]!.id;
    expect(await ok(await restored.call(`/documents/${paid}/payments`))).toEqual(await ok(await api.call(`/documents/${paid}/payments`)));
    const mailed = before.invoices[1]!.id;
    const mails = (await ok(await restored.call(`/documents/${mailed}/mails`))).mails;
    expect(mails).toEqual((await ok(await api.call(`/documents/${mailed}/mails`))).mails);
    expect(mails[0].status).toBe("sent");
  });

  it("numbers the next invoice after the last one it holds, reusing none", async () => {
    const numbers = (await restored.database.db.select({ number: documents.number }).from(documents).where(eq(documents.kind, "invoice"))).map((row) => row.number!);
    const next = await issuedInvoice(restored, 7_700);
    expect(numbers).not.toContain(next.number);
    const sequence = (number: string) => Number(number.split("-").at(-1));
    expect(sequence(next.number)).toBe(Math.max(...numbers.map(sequence)) + 1);
  });
});
