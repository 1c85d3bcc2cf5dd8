import { createRequire } from "node:module";
import { detectContentType } from "../storage/file-type";
import { decodes } from "../storage/images";
import PDFDocument from "pdfkit";
import { formatJapaneseDate } from "../../domain/datetime";
import { formatDecimal } from "../../domain/decimal-display";
import { AMOUNT_HEADINGS, COPY_MARK_LABELS, headlineAmount, issuerLines, lineTaxMark, recipientLines, referenceLines, totalsRows, type CopyMark, type SnapshotContent } from "../../domain/snapshot";

const require = createRequire(import.meta.url);
// Noto Sans JP as TrueType from npm: pdfkit embeds only the glyphs a document uses (a subset), so a PDF stays small.
const FONT_REGULAR = require.resolve("@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf");
const FONT_BOLD = require.resolve("@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf");

/** A4 in points, with 15 mm margins. */
const PAGE = { width: 595.28, height: 841.89, margin: 42.5 };
const CONTENT_WIDTH = PAGE.width - PAGE.margin * 2;
/** The logo is shown at most 215 CSS pixels wide: 161 pt on paper. */
const LOGO_MAX_WIDTH = 161;
const STAMP_SIZE = 56;
const COLUMNS = [
  { key: "description", label: "品名", width: 0.46, align: "left" },
  { key: "quantity", label: "数量", width: 0.12, align: "right" },
  { key: "unit", label: "単位", width: 0.08, align: "left" },
  { key: "unitPrice", label: "単価", width: 0.16, align: "right" },
  { key: "amount", label: "金額", width: 0.18, align: "right" },
] as const;

const yen = (amount: string) => `¥${formatDecimal(amount)}`;

export type SnapshotImages = { logo: Uint8Array | null; stamp: Uint8Array | null };

/**
 * pdfkit embeds PNG and JPEG that decode; anything else (a GIF or WebP kept
 * from before uploads were converted, a broken file) is left off the PDF
 * rather than fail it.
 */
function embeddable(bytes: Uint8Array | null): Buffer | null {
  if (!bytes) return null;
  const type = detectContentType(bytes);
  return (type === "image/png" || type === "image/jpeg") && decodes(bytes, type) ? Buffer.from(bytes) : null;
}

/**
 * The snapshot as an A4 PDF with embedded Japanese type: the same content as
 * the print page, laid out for paper. Pages break between lines.
 */
export function renderSnapshotPdf(content: SnapshotContent, images: SnapshotImages, mark: CopyMark = null): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    info: { Title: `${content.title} ${content.number}`, Creator: "帳票クラウド" },
    lang: "ja-JP",
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  pdf.registerFont("regular", FONT_REGULAR);
  pdf.registerFont("bold", FONT_BOLD);

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const logo = embeddable(images.logo);
  const stamp = embeddable(images.stamp);

  // A draft's preview and a voided document say so across every page, so neither passes for the record.
  const drawMark = () => {
    if (!mark) return;
    const { x, y } = { x: pdf.x, y: pdf.y };
    pdf.save().rotate(-30, { origin: [PAGE.width / 2, PAGE.height / 2] }).fillColor(mark === "voided" ? "#C92A2A" : "#868E96").opacity(0.25).font("bold").fontSize(120);
    pdf.text(COPY_MARK_LABELS[mark], 0, PAGE.height / 2 - 70, { width: PAGE.width, align: "center", lineBreak: false });
    pdf.restore().fillColor("#000000").opacity(1);
    pdf.x = x;
    pdf.y = y;
  };
  drawMark();
  pdf.on("pageAdded", drawMark);

  pdf.font("bold").fontSize(22).text(content.title, left, PAGE.margin, { width: CONTENT_WIDTH, align: "center", characterSpacing: 8 });
  const facts = [
    `No. ${content.number}`,
    `発行日 ${formatJapaneseDate(content.issueDate)}`,
    ...content.dates.map((date) => `${date.label} ${formatJapaneseDate(date.value)}`),
  ];
  pdf.font("regular").fontSize(9).text(facts.join("\n"), left, PAGE.margin + 36, { width: CONTENT_WIDTH, align: "right" });

  // Recipient on the left, issuer on the right, as Japanese business documents are laid out.
  const top = PAGE.margin + 80;
  const halfWidth = CONTENT_WIDTH / 2 - 10;
  let y = top;
  const recipient = recipientLines(content.recipient);
  pdf.font("regular").fontSize(9);
  for (const line of recipient.above) y = textAt(pdf, line, left, y, halfWidth);
  pdf.font("bold").fontSize(14);
  y = textAt(pdf, `${content.recipient.name} ${content.recipient.honorific}`, left, y + 4, halfWidth);
  pdf.moveTo(left, y + 2).lineTo(left + halfWidth, y + 2).lineWidth(0.8).stroke();
  pdf.font("regular").fontSize(9);
  y += 6;
  for (const line of recipient.below) y = textAt(pdf, line, left, y, halfWidth);

  const issuerLeft = left + CONTENT_WIDTH / 2 + 10;
  let issuerY = top;
  if (logo) {
    pdf.image(logo, issuerLeft, issuerY, { fit: [LOGO_MAX_WIDTH, 40] });
    issuerY += 44;
  }
  const issuer = content.issuer;
  pdf.font("bold").fontSize(11);
  const nameY = issuerY;
  issuerY = textAt(pdf, issuer.name, issuerLeft, issuerY, halfWidth - 20);
  pdf.font("regular").fontSize(8.5);
  const lines = [...issuerLines(issuer), ...(issuer.registeredNo ? [`登録番号 ${issuer.registeredNo}`] : [])];
  for (const line of lines) issuerY = textAt(pdf, line, issuerLeft, issuerY, halfWidth);
  // The stamp (角印) sits over the end of the company name, as one is pressed on paper.
  if (stamp) pdf.image(stamp, right - STAMP_SIZE, nameY - 10, { fit: [STAMP_SIZE, STAMP_SIZE] });

  y = Math.max(y, issuerY) + 16;
  pdf.font("regular").fontSize(10);
  if (content.subject) y = textAt(pdf, `件名\u3000${content.subject}`, left, y, CONTENT_WIDTH) + 4;
  pdf.font("bold").fontSize(14);
  const headline = `${AMOUNT_HEADINGS[content.kind]}\u3000${yen(headlineAmount(content))}-`;
  pdf.text(headline, left, y, { width: halfWidth + 40 });
  y = pdf.y + 2;
  pdf.moveTo(left, y).lineTo(left + halfWidth + 40, y).lineWidth(1.2).stroke();
  y += 4;
  pdf.font("regular").fontSize(8.5).text(content.taxType === "internal" ? "（税込）" : "（消費税を含みます）", left, y);
  y = pdf.y + 10;
  if (content.kind === "receipt") {
    pdf.fontSize(10);
    if (content.proviso) y = textAt(pdf, `但し\u3000${content.proviso}`, left, y, CONTENT_WIDTH);
    y = textAt(pdf, "上記正に領収いたしました。", left, y, CONTENT_WIDTH);
    if (content.paymentMethod) y = textAt(pdf, `お支払方法\u3000${content.paymentMethod}`, left, y, CONTENT_WIDTH);
    y += 8;
  }

  const reference = referenceLines(content);
  if (reference.length > 0) {
    pdf.font("regular").fontSize(9);
    for (const line of reference) y = textAt(pdf, line, left, y, CONTENT_WIDTH);
    y += 8;
  }

  y = linesTable(pdf, content, y);
  y = totalsBlock(pdf, content, y + 8);

  if (content.bankAccounts.length > 0) {
    y = ensureRoom(pdf, y, 20 + content.bankAccounts.length * 14);
    pdf.font("bold").fontSize(9.5);
    y = textAt(pdf, "お振込先", left, y, CONTENT_WIDTH);
    pdf.font("regular").fontSize(9);
    for (const account of content.bankAccounts) {
      y = textAt(pdf, `${account.bankName} ${account.branchName} ${account.accountType} ${account.accountNo} ${account.accountName}`, left, y, CONTENT_WIDTH);
    }
    y += 8;
  }
  if (content.notes) {
    y = ensureRoom(pdf, y, 40);
    pdf.font("bold").fontSize(9.5);
    y = textAt(pdf, "備考", left, y, CONTENT_WIDTH);
    pdf.font("regular").fontSize(9);
    y = textAt(pdf, content.notes, left, y, CONTENT_WIDTH) + 6;
  }
  if (content.lines.some((line) => line.taxRate === 8)) {
    y = ensureRoom(pdf, y, 14);
    pdf.font("regular").fontSize(8).text("※は軽減税率（8%）の対象です。", left, y);
  }
  pdf.end();
  return done;
}

/** Text at a point, returning where the next line starts. */
function textAt(pdf: PDFKit.PDFDocument, text: string, x: number, y: number, width: number): number {
  pdf.text(text, x, y, { width });
  return pdf.y;
}

/** A new page when fewer than `needed` points are left. */
function ensureRoom(pdf: PDFKit.PDFDocument, y: number, needed: number): number {
  if (y + needed <= PAGE.height - PAGE.margin) return y;
  pdf.addPage();
  return PAGE.margin;
}

function linesTable(pdf: PDFKit.PDFDocument, content: SnapshotContent, startY: number): number {
  const left = PAGE.margin;
  const header = (y: number) => {
    pdf.rect(left, y, CONTENT_WIDTH, 18).fillAndStroke("#eeeeee", "#999999");
    pdf.fillColor("#000000").font("bold").fontSize(9);
    let x = left;
    for (const column of COLUMNS) {
      const width = column.width * CONTENT_WIDTH;
      pdf.text(column.label, x + 4, y + 4, { width: width - 8, align: "center" });
      x += width;
    }
    return y + 18;
  };
  let y = header(startY);
  pdf.font("regular").fontSize(9);
  for (const line of content.lines) {
    const cells: Record<(typeof COLUMNS)[number]["key"], string> = {
      description: `${line.description}${lineTaxMark(line)}`,
      quantity: formatDecimal(line.quantity),
      unit: line.unit ?? "",
      unitPrice: formatDecimal(line.unitPrice),
      amount: formatDecimal(line.amount),
    };
    const height = Math.max(16, pdf.heightOfString(cells.description, { width: COLUMNS[0].width * CONTENT_WIDTH - 8 }) + 6);
    if (y + height > PAGE.height - PAGE.margin) {
      pdf.addPage();
      y = header(PAGE.margin);
      pdf.font("regular").fontSize(9);
    }
    let x = left;
    for (const column of COLUMNS) {
      const width = column.width * CONTENT_WIDTH;
      pdf.text(cells[column.key], x + 4, y + 3, { width: width - 8, align: column.align });
      x += width;
    }
    pdf.moveTo(left, y + height).lineTo(left + CONTENT_WIDTH, y + height).lineWidth(0.4).strokeColor("#999999").stroke().strokeColor("#000000");
    y += height;
  }
  return y;
}

/** Per-rate totals and tax (the qualified-invoice requirement), then the sums and withholding. */
function totalsBlock(pdf: PDFKit.PDFDocument, content: SnapshotContent, startY: number): number {
  const { totals } = content;
  const rows: Array<[string, string]> = [
    ...totalsRows(totals).map((row): [string, string] => [row.label, row.rate ? `${yen(row.amount)}（消費税 ${yen(row.rate.tax)}）` : yen(row.amount)]),
    ["小計（税抜）", yen(totals.taxExcluded)],
    ["消費税", yen(totals.tax)],
    ["合計（税込）", yen(totals.taxIncluded)],
    ...(content.withholding ? ([["源泉徴収の対象額", yen(totals.withholdingBase)], ["源泉徴収税", `-${yen(totals.withholding)}`], [content.kind === "invoice" ? "差引請求額" : "差引金額", yen(totals.amountDue)]] as Array<[string, string]>) : []),
  ];
  let y = ensureRoom(pdf, startY, rows.length * 15 + 4);
  const labelX = PAGE.margin + CONTENT_WIDTH * 0.42;
  const labelWidth = CONTENT_WIDTH * 0.22;
  const valueWidth = CONTENT_WIDTH * 0.36;
  pdf.fontSize(9);
  for (const [label, value] of rows) {
    pdf.font(label.startsWith("合計") || label.startsWith("差引") ? "bold" : "regular");
    pdf.text(label, labelX, y, { width: labelWidth });
    pdf.text(value, labelX + labelWidth, y, { width: valueWidth, align: "right" });
    y += 15;
  }
  return y + 6;
}
