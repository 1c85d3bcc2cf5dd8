/**
 * Documents as a supplier would send them, for demos and tests of the
 * receive side: a PDF with a real Japanese text layer, laid out the way
 * Japanese invoices usually are, and a scan-like PDF that has no text at all.
 */
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { PNG } from "pngjs";
import { formatJapaneseDate } from "../domain/datetime";

const require = createRequire(import.meta.url);
// The same Noto Sans JP files api/documents/pdf.ts embeds, so the text layer is made as the product's own PDFs make it.
const FONT_REGULAR = require.resolve("@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf");
const FONT_BOLD = require.resolve("@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf");

/** A4 in points, with 15 mm margins. */
const PAGE = { width: 595.28, height: 841.89, margin: 42.5 };
const CONTENT_WIDTH = PAGE.width - PAGE.margin * 2;
// A fixed date makes the same input give the same bytes.
const CREATION_DATE = new Date("2026-01-01T00:00:00Z");

export type ReceivedDocumentInput = {
  /** 請求書, 領収書 or 納品書 usually; any other title gets a plain 金額 headline. */
  title: string;
  supplierName: string;
  registrationNumber: string | null;
  addressee: string;
  /** YYYY-MM-DD */
  date: string;
  /** YYYY-MM-DD */
  dueDate?: string;
  /** Tax included, in yen. */
  amount: number;
  documentNumber?: string;
  /** Tax-excluded line amounts; without them one line carries the amount less 10 % tax. */
  lines?: Array<{ name: string; amount: number }>;
};

const HEADLINES: Record<string, string> = { 請求書: "ご請求金額", 領収書: "領収金額", 納品書: "合計金額" };

const yen = (amount: number) => `¥${amount.toLocaleString("en-US")}`;

function collect(pdf: PDFKit.PDFDocument): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    pdf.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    pdf.on("error", reject);
  });
}

/** A password to open the file, or only one to change it (which viewers open without asking). */
export type PdfProtection = { userPassword?: string; ownerPassword?: string };

/**
 * An A4 invoice, receipt or delivery slip: addressee with 御中 at the top
 * left, number and dates at the top right, the headline amount, the supplier
 * with its registration number on the right, lines, then 小計/消費税/合計.
 */
export function receivedDocumentPdf(input: ReceivedDocumentInput, protection: PdfProtection = {}): Promise<Uint8Array> {
  const pdf = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    info: { Title: input.title, Author: input.supplierName, CreationDate: CREATION_DATE },
    lang: "ja-JP",
    ...(protection.userPassword || protection.ownerPassword ? { pdfVersion: "1.7", ...protection } : {}),
  });
  const done = collect(pdf);
  pdf.registerFont("regular", FONT_REGULAR);
  pdf.registerFont("bold", FONT_BOLD);

  const left = PAGE.margin;
  const half = CONTENT_WIDTH / 2 - 10;
  const rightColumn = left + CONTENT_WIDTH / 2 + 10;
  const taxExcluded = input.lines ? input.lines.reduce((sum, line) => sum + line.amount, 0) : input.amount - Math.floor((input.amount * 10) / 110);
  const lines = input.lines ?? [{ name: "商品代金", amount: taxExcluded }];

  pdf.font("bold").fontSize(22).text(input.title, left, PAGE.margin, { width: CONTENT_WIDTH, align: "center", characterSpacing: 8 });

  const facts = [
    ...(input.documentNumber ? [`${input.title}番号 ${input.documentNumber}`] : []),
    `発行日 ${formatJapaneseDate(input.date)}`,
    ...(input.dueDate ? [`お支払期限 ${formatJapaneseDate(input.dueDate)}`] : []),
  ];
  pdf.font("regular").fontSize(9).text(facts.join("\n"), left, PAGE.margin + 36, { width: CONTENT_WIDTH, align: "right" });

  const top = PAGE.margin + 90;
  pdf.font("bold").fontSize(14).text(`${input.addressee} 御中`, left, top, { width: half });
  const underline = pdf.y + 2;
  pdf.moveTo(left, underline).lineTo(left + half, underline).lineWidth(0.8).stroke();

  pdf.font("bold").fontSize(11).text(input.supplierName, rightColumn, top, { width: half });
  pdf.font("regular").fontSize(8.5).text("〒100-0005 東京都千代田区丸の内1-1-1\nTEL 03-1234-5678", rightColumn, pdf.y + 2, { width: half });
  if (input.registrationNumber) pdf.text(`登録番号 ${input.registrationNumber}`, rightColumn, pdf.y, { width: half });

  let y = Math.max(pdf.y, underline) + 24;
  pdf.font("bold").fontSize(16).text(`${HEADLINES[input.title] ?? "金額"}  ${yen(input.amount)}-`, left, y, { width: half + 40 });
  y = pdf.y + 2;
  pdf.moveTo(left, y).lineTo(left + half + 40, y).lineWidth(1.2).stroke();
  pdf.font("regular").fontSize(8.5).text("（税込）", left, y + 4);
  y = pdf.y + 16;

  const amountX = left + CONTENT_WIDTH * 0.7;
  const amountWidth = CONTENT_WIDTH * 0.3 - 4;
  pdf.rect(left, y, CONTENT_WIDTH, 18).fillAndStroke("#eeeeee", "#999999");
  pdf.fillColor("#000000").font("bold").fontSize(9);
  pdf.text("品名", left + 4, y + 4, { width: CONTENT_WIDTH * 0.7 - 8 });
  pdf.text("金額", amountX, y + 4, { width: amountWidth, align: "right" });
  y += 18;
  pdf.font("regular").fontSize(9);
  for (const line of lines) {
    pdf.text(line.name, left + 4, y + 4, { width: CONTENT_WIDTH * 0.7 - 8 });
    pdf.text(yen(line.amount), amountX, y + 4, { width: amountWidth, align: "right" });
    y += 18;
    pdf.moveTo(left, y).lineTo(left + CONTENT_WIDTH, y).lineWidth(0.4).strokeColor("#999999").stroke().strokeColor("#000000");
  }

  y += 10;
  const totals: Array<[string, number]> = [
    ["小計（税抜）", taxExcluded],
    ["消費税（10%）", input.amount - taxExcluded],
    ["合計（税込）", input.amount],
  ];
  const labelX = left + CONTENT_WIDTH * 0.45;
  for (const [label, amount] of totals) {
    pdf.font(label.startsWith("合計") ? "bold" : "regular");
    pdf.text(label, labelX, y, { width: CONTENT_WIDTH * 0.25 });
    pdf.text(yen(amount), amountX, y, { width: amountWidth, align: "right" });
    y += 15;
  }

  if (input.title === "請求書") {
    pdf.font("regular").fontSize(9).text("お振込先 デモ銀行 本店営業部 普通 1234567", left, y + 20, { width: CONTENT_WIDTH });
  }
  pdf.end();
  return done;
}

/**
 * A page that is one grey-scale picture, as a scanner makes it: bars where
 * the text would be, and no text layer.
 */
export function imageOnlyPdf(): Promise<Uint8Array> {
  const width = 420;
  const height = 594;
  const png = new PNG({ width, height, colorType: 0, inputColorType: 0, inputHasAlpha: false });
  png.data = Buffer.alloc(width * height, 0xf4);
  const bars = [
    [150, 30, 120, 18],
    [30, 90, 150, 10],
    [240, 90, 150, 8],
    [240, 106, 110, 8],
    [30, 140, 190, 14],
    ...Array.from({ length: 6 }, (_, row) => [30, 190 + row * 22, 360, 6]),
  ];
  for (const [x, y, w, h] of bars as Array<[number, number, number, number]>) {
    for (let row = y; row < y + h; row++) png.data.fill(0x30, row * width + x, row * width + x + w);
  }
  const pdf = new PDFDocument({ size: "A4", margin: 0, info: { Title: "scan", CreationDate: CREATION_DATE } });
  const done = collect(pdf);
  pdf.image(PNG.sync.write(png, { colorType: 0, inputColorType: 0, inputHasAlpha: false }), 0, 0, { width: PAGE.width, height: PAGE.height });
  pdf.end();
  return done;
}
