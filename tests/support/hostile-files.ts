/**
 * Uploads made to hurt (decision 034), generated here so no such file is
 * committed: PDFs whose content stream inflates to hundreds of megabytes, and
 * files that start as a PDF, PNG or JPEG and are something else after that.
 */
import { createDeflate } from "node:zlib";

/** What the issue's attack drew on its one page: 3,000,000 times, about 100 MB inflated. */
export const TEXT_OPERATORS = "BT /F1 12 Tf 72 760 Td (A) Tj ET\n";

/**
 * `text` repeated to `bytes` bytes, deflated in zlib format as it is
 * written, so the whole text is never in memory. Level 6 gives the issue's
 * 289 KB; level 1 is about three times as fast.
 */
export async function deflatedRepeat(text: string, bytes: number, level = 6): Promise<Buffer> {
  const deflate = createDeflate({ level });
  const out: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => out.push(chunk));
  const done = new Promise<void>((resolve, reject) => deflate.on("end", resolve).on("error", reject));
  const block = Buffer.from(text.repeat(Math.ceil((1024 * 1024) / text.length)), "latin1");
  const whole = block.length - (block.length % text.length);
  for (let left = bytes; left > 0; left -= whole) {
    if (!deflate.write(block.subarray(0, Math.min(whole, left)))) await new Promise((resolve) => deflate.once("drain", resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}

/**
 * A one-page PDF (Helvetica, no embedded font) whose content stream is
 * `data` under `filters`, with a correct cross-reference table.
 */
export function onePagePdf(data: Uint8Array, filters: string[]): Uint8Array {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    null,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n", "latin1")];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((body, index) => {
    offsets.push(length);
    const filter = filters.length === 0 ? "" : ` /Filter [${filters.map((name) => `/${name}`).join(" ")}]`;
    const object =
      body === null
        ? Buffer.concat([Buffer.from(`${index + 1} 0 obj\n<< /Length ${data.length}${filter} >>\nstream\n`, "latin1"), data, Buffer.from("\nendstream\nendobj\n", "latin1")])
        : Buffer.from(`${index + 1} 0 obj\n${body}\nendobj\n`, "latin1");
    parts.push(object);
    length += object.length;
  });
  const entries = offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  parts.push(Buffer.from(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`, "latin1"));
  return new Uint8Array(Buffer.concat(parts));
}

/** The issue's attack: about 290 KB that inflate to about 100 MB of text operators. */
export async function textOperatorBomb(): Promise<Uint8Array> {
  return onePagePdf(await deflatedRepeat(TEXT_OPERATORS, TEXT_OPERATORS.length * 3_000_000), ["FlateDecode"]);
}

/** About 200 KB that inflate to 200 MB of spaces. */
export async function spacesBomb(): Promise<Uint8Array> {
  return onePagePdf(await deflatedRepeat(" ", 200 * 1024 * 1024), ["FlateDecode"]);
}

/**
 * The same bomb written as hexadecimal text first (ASCIIHexDecode, then
 * FlateDecode): no zlib header where the stream starts, so only pdf.js,
 * inflating it, sees what it becomes. Deflated fast: its size does not matter.
 */
export async function hexEncodedBomb(text: string, bytes: number): Promise<Uint8Array> {
  const deflated = await deflatedRepeat(text, bytes, 1);
  return onePagePdf(Buffer.from(`${deflated.toString("hex")}>`, "latin1"), ["ASCIIHexDecode", "FlateDecode"]);
}

/** "%PDF-" and then a web page. */
export const PDF_THEN_HTML = new Uint8Array(Buffer.from('%PDF-1.7\n<html><body><script>alert("x")</script></body></html>\n%%EOF\n', "latin1"));

/** A PNG's and a JPEG's signature followed by bytes that are no image. */
export const PNG_THEN_JUNK = new Uint8Array(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("<html>not an image</html>".repeat(20), "latin1")]));
export const JPEG_THEN_JUNK = new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("<html>not an image</html>".repeat(20), "latin1")]));
