import { spawn } from "node:child_process";
import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import type { SnapshotContent } from "../../domain/snapshot";
import { SANDBOX_NTA_NUMBERS } from "../../sandbox/nta-fixture";
import { imageOnlyPdf, receivedDocumentPdf, type ReceivedDocumentInput } from "../../sandbox/received-pdfs";
import { renderSnapshotPdf } from "../documents/pdf";
import { hexEncodedBomb, PDF_THEN_HTML, spacesBomb, TEXT_OPERATORS, textOperatorBomb } from "../../tests/support/hostile-files";
import { proposeFromText } from "../../domain/received-text";
import { extractPdfText, PDF_READ_LIMITS, readPdf } from "./pdf-text";

/** What the upload proposes for a PDF: its text layer read in the worker, then the domain's proposal. */
const proposeFromPdf = async (bytes: Uint8Array) => {
  const text = await extractPdfText(bytes);
  return text === null ? null : proposeFromText(text);
};

const INVOICE: ReceivedDocumentInput = {
  title: "請求書",
  supplierName: "株式会社サンドボックス商事",
  registrationNumber: SANDBOX_NTA_NUMBERS.registered,
  addressee: "株式会社デモ商事",
  date: "2026-11-05",
  dueDate: "2026-11-30",
  amount: 110_000,
  documentNumber: "INV-2026-0042",
  lines: [
    { name: "システム保守 11月分", amount: 80_000 },
    { name: "出張費", amount: 20_000 },
  ],
};

/** pdfkit's own Helvetica: one line of text on each page. */
function pagesPdf(count: number): Promise<Uint8Array> {
  const pdf = new PDFDocument({ size: "A4" });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve) => pdf.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks)))));
  for (let page = 1; page <= count; page++) {
    if (page > 1) pdf.addPage();
    pdf.text(`Page ${page}`);
  }
  pdf.end();
  return done;
}

describe("proposeFromPdf", () => {
  it.each<[string, ReceivedDocumentInput]>([
    ["an invoice with a due date and lines", INVOICE],
    [
      "a receipt from a supplier without a registration number",
      { title: "領収書", supplierName: "合同会社ミドリ技研", registrationNumber: null, addressee: "株式会社デモ商事", date: "2026-01-31", amount: 5_500 },
    ],
    [
      "a delivery slip with its number",
      { title: "納品書", supplierName: "有限会社とりけし商店", registrationNumber: SANDBOX_NTA_NUMBERS.revoked, addressee: "株式会社デモ商事", date: "2025-12-01", amount: 33_000, documentNumber: "D-7" },
    ],
  ])("proposes what %s says", async (_, input) => {
    await expect(proposeFromPdf(await receivedDocumentPdf(input))).resolves.toEqual({
      transactionDate: input.date,
      amount: String(input.amount),
      registrationNumber: input.registrationNumber,
      supplierName: input.supplierName,
      documentNumber: input.documentNumber ?? null,
    });
  });

  it("proposes what an invoice made by this product says, from a supplier who uses it", async () => {
    const invoice: SnapshotContent = {
      kind: "invoice",
      title: "請求書",
      number: "INV-202601-0001",
      issueDate: "2026-01-10",
      dates: [{ label: "お支払期限", value: "2026-02-28" }],
      subject: "1月分保守",
      notes: null,
      proviso: null,
      paymentMethod: null,
      receivedAmount: null,
      recipient: { name: "株式会社青空商事", honorific: "御中", department: "経理部", personInCharge: "山田", postalCode: "100-0001", address: ["東京都千代田区千代田1-1"] },
      issuer: { name: "株式会社デモ商事", department: null, personInCharge: null, postalCode: "150-0001", address: ["東京都渋谷区神宮前1-1-1"], tel: "03-1111-2222", fax: null, email: null, registeredNo: SANDBOX_NTA_NUMBERS.demoCompany, logo: null, stamp: null },
      lines: [{ description: "作業", quantity: "1", unit: null, unitPrice: "10000", taxRate: 10, amount: "10000" }],
      taxType: "external",
      withholding: false,
      totals: {
        lineAmounts: ["10000"],
        byRate: [{ rate: 10, amount: "10000", taxExcluded: "10000", tax: "1000", taxIncluded: "11000" }],
        taxExcluded: "10000",
        tax: "1000",
        taxIncluded: "11000",
        withholdingBase: "10000",
        withholding: "0",
        amountDue: "11000",
      },
      bankAccounts: [{ bankName: "デモ銀行", branchName: "本店", accountType: "普通", accountNo: "1234567", accountName: "カ)デモシヨウジ" }],
    };
    await expect(proposeFromPdf(new Uint8Array(await renderSnapshotPdf(invoice, { logo: null, stamp: null })))).resolves.toEqual({
      transactionDate: "2026-01-10",
      amount: "11000",
      registrationNumber: SANDBOX_NTA_NUMBERS.demoCompany,
      supplierName: "株式会社デモ商事",
      documentNumber: "INV-202601-0001",
    });
  });

  it("has nothing to propose from a scan", async () => {
    const scan = await imageOnlyPdf();
    await expect(extractPdfText(scan)).resolves.toBeNull();
    await expect(proposeFromPdf(scan)).resolves.toBeNull();
  });
});

describe("extractPdfText", () => {
  it("puts the supplier's column apart from the addressee's and keeps lines in reading order", async () => {
    const text = await extractPdfText(await receivedDocumentPdf(INVOICE));
    expect(text).toContain("株式会社デモ商事 御中\t株式会社サンドボックス商事");
    expect(text).toContain(`登録番号 ${SANDBOX_NTA_NUMBERS.registered}\nご請求金額 ¥110,000-`);
    expect(text).toContain("小計（税抜）\t¥100,000\n消費税（10%）\t¥10,000\n合計（税込）\t¥110,000");
  });

  it("leaves the caller's bytes as they were, in a Node Buffer as uploads come too", async () => {
    const bytes = await receivedDocumentPdf(INVOICE);
    const copy = bytes.slice();
    await extractPdfText(bytes);
    expect(bytes).toEqual(copy);
    const upload = Buffer.from(copy);
    await expect(proposeFromPdf(upload)).resolves.toMatchObject({ documentNumber: "INV-2026-0042" });
    expect(upload.equals(copy)).toBe(true);
  });

  it("reads the first three pages only", async () => {
    await expect(extractPdfText(await pagesPdf(5))).resolves.toBe("Page 1\nPage 2\nPage 3");
  });

  it("reads a file that only restricts changes, not one that needs a password to open", async () => {
    await expect(proposeFromPdf(await receivedDocumentPdf(INVOICE, { ownerPassword: "owner" }))).resolves.toMatchObject({ documentNumber: "INV-2026-0042" });
    await expect(extractPdfText(await receivedDocumentPdf(INVOICE, { userPassword: "user", ownerPassword: "owner" }))).resolves.toBeNull();
  });

  it.each<[string, () => Promise<Uint8Array>]>([
    ["no bytes", async () => new Uint8Array()],
    ["bytes that are not a PDF", async () => new TextEncoder().encode("これはPDFではありません")],
    ["the first half of a PDF", async () => (await receivedDocumentPdf(INVOICE)).slice(0, 10_000)],
    ["a PDF without its last bytes", async () => (await receivedDocumentPdf(INVOICE)).slice(0, -200)],
  ])("gives null for %s", async (_, bytes) => {
    await expect(extractPdfText(await bytes())).resolves.toBeNull();
  });

  it("gives up when reading takes longer than allowed", async () => {
    await expect(extractPdfText(await receivedDocumentPdf(INVOICE), { timeoutMs: 1 })).resolves.toBeNull();
  });
});

describe("readPdf, bounded (decision 034)", () => {
  it("tells a file pdf.js cannot open, or that is cut short, from one that opens without text or needs a password", async () => {
    const invoice = await receivedDocumentPdf(INVOICE);
    // What the file is, not how fast: a deadline no busy machine reaches.
    const read = (bytes: Uint8Array) => readPdf(bytes, { timeoutMs: 60_000 });
    await expect(read(PDF_THEN_HTML)).resolves.toEqual({ status: "unreadable" });
    await expect(read(invoice.slice(0, invoice.length / 2))).resolves.toEqual({ status: "unreadable" });
    // Without its last line pdf.js would rebuild the file and open it; a file cut short is not kept as if it were whole.
    await expect(read(invoice.slice(0, -20))).resolves.toEqual({ status: "unreadable" });
    await expect(read(await imageOnlyPdf())).resolves.toEqual({ status: "no-text" });
    await expect(read(await receivedDocumentPdf(INVOICE, { userPassword: "user", ownerPassword: "owner" }))).resolves.toEqual({ status: "locked" });
  });

  it("gives up on a file whose streams inflate past the limit before pdf.js inflates them", async () => {
    // "inflated", not "time" or "memory": the count stopped it before pdf.js began.
    for (const bomb of [await textOperatorBomb(), await spacesBomb()]) await expect(readPdf(bomb, { timeoutMs: 60_000 })).resolves.toEqual({ status: "gave-up", reason: "inflated" });
  });

  it("gives up when the process's memory grows past the limit, for a bomb the count cannot see", async () => {
    // Hexadecimal first: the stream has no zlib header until pdf.js has decoded it, and 400 MB of spaces then go to its buffers.
    const bomb = await hexEncodedBomb(" ", 400 * 1024 * 1024);
    // A deadline far off, so that only the memory watch can stop it, however busy the machine.
    await expect(readPdf(bomb, { timeoutMs: 60_000 })).resolves.toEqual({ status: "gave-up", reason: "memory" });
    // The worker went with it; the next file gets a new one.
    await expect(extractPdfText(await pagesPdf(1))).resolves.toBe("Page 1");
  });

  it("gives up at the deadline on a file that keeps pdf.js busy", async () => {
    const bomb = await hexEncodedBomb(TEXT_OPERATORS, TEXT_OPERATORS.length * 3_000_000);
    const started = performance.now();
    // In a second pdf.js has built far less than the heap or the memory watch allow.
    await expect(readPdf(bomb, { timeoutMs: 1_000 })).resolves.toEqual({ status: "gave-up", reason: "time" });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("reads one file at a time, and refuses at once what would wait behind a full queue", async () => {
    const readings = await Promise.all(Array.from({ length: PDF_READ_LIMITS.waiting + 2 }, () => readPdf(PDF_THEN_HTML)));
    expect(readings.filter((reading) => reading.status === "unreadable")).toHaveLength(PDF_READ_LIMITS.waiting + 1);
    expect(readings.at(-1)).toEqual({ status: "busy" });
  });

  it("does not keep a process from exiting once it has read", async () => {
    const script = `import { extractPdfText } from "./api/received-documents/pdf-text.ts";
      console.log(await extractPdfText(Buffer.from("${Buffer.from(await pagesPdf(1)).toString("base64")}", "base64")));`;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: process.cwd(), stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const started = performance.now();
    const code = await new Promise((resolve) => child.on("exit", resolve));
    expect({ code, output: output.trim() }).toEqual({ code: 0, output: "Page 1" });
    // Not kept for the minutes the idle worker is.
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
