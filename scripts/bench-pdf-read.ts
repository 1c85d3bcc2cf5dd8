/**
 * How long reading a received PDF's text layer takes (api/received-documents/pdf-text.ts), on a
 * three-page Japanese invoice as suppliers send them: the first read and the median of the next 20.
 *
 *   npx tsx scripts/bench-pdf-read.ts [--reads=20]
 */
import { createRequire } from "node:module";
import { parseArgs } from "node:util";
import PDFDocument from "pdfkit";
import { extractPdfText } from "../api/received-documents/pdf-text";

const require = createRequire(import.meta.url);
const FONT = require.resolve("@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf");

/** An A4 invoice of three pages: a heading and 40 lines on each, in the Noto Sans JP subset pdfkit embeds. */
function threePageInvoice(): Promise<Uint8Array> {
  const pdf = new PDFDocument({ size: "A4", margin: 42.5, info: { CreationDate: new Date("2026-01-01T00:00:00Z") } });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve) => pdf.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks)))));
  pdf.registerFont("regular", FONT).font("regular");
  for (let page = 1; page <= 3; page++) {
    if (page > 1) pdf.addPage();
    pdf.fontSize(16).text(`請求書 INV-2026-0042（${page}/3）`, { align: "center" });
    pdf.fontSize(9).text("株式会社デモ商事 御中\t株式会社サンドボックス商事 登録番号 T1234567890123");
    for (let line = 1; line <= 40; line++) {
      const y = 120 + line * 16;
      pdf.text(`${page}-${line} システム保守作業 11月分（第${line}項）`, 42.5, y, { width: 330 });
      pdf.text(`¥${(line * 1_250).toLocaleString("en-US")}`, 400, y, { width: 150, align: "right" });
    }
  }
  pdf.end();
  return done;
}

const { values } = parseArgs({ options: { reads: { type: "string", default: "20" } } });
const reads = Number(values.reads);
const bytes = await threePageInvoice();

const time = async () => {
  const started = performance.now();
  const text = await extractPdfText(bytes);
  if (!text?.includes("INV-2026-0042")) throw new Error("the invoice's text was not read");
  return performance.now() - started;
};

const first = await time();
const times: number[] = [];
for (let read = 0; read < reads; read++) times.push(await time());
times.sort((a, b) => a - b);
const median = times.length % 2 ? times[(times.length - 1) / 2]! : (times[times.length / 2 - 1]! + times[times.length / 2]!) / 2;
console.log(`${bytes.byteLength} bytes, 3 pages: first read ${first.toFixed(1)} ms; median of ${reads} after it ${median.toFixed(1)} ms (min ${times[0]!.toFixed(1)}, max ${times.at(-1)!.toFixed(1)})`);
