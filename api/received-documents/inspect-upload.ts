import { readJpPint } from "../../domain/jp-pint-reader";
import { proposeFromJpPint } from "../../domain/received-jp-pint";
import { proposeFromText, type ReceivedProposal } from "../../domain/received-text";
import { XML_LIMITS } from "../../domain/xml-reader";
import { tooManyRequests, unsupportedMediaType } from "../errors";
import { checkImageStructure } from "../storage/image-structure";
import { acceptFile } from "../storage/storage";
import { readPdf, type PdfReading } from "./pdf-text";

export type InspectedUpload = {
  proposal: ReceivedProposal | null;
  /** What the person should know about a file that is kept all the same. */
  notice: string | null;
  /** Why reading a PDF was given up, for the log. */
  gaveUp: Extract<PdfReading, { status: "gave-up" }> | null;
};

export const PDF_GAVE_UP = "PDFの内容を読み取れませんでした（大きすぎるか壊れています）。ファイルは保存できます。";
export const PDF_LOCKED = "パスワードで保護されたPDFのため、内容を読み取れませんでした。ファイルは保存できます。";
export const PDF_BUSY = "ただいまPDFの読み取りが混み合っています。少し待ってから、もう一度お試しください。";

const KEPT: InspectedUpload = { proposal: null, notice: null, gaveUp: null };

/**
 * A received file checked to be what its first bytes say before anything is
 * stored (decision 034): a PDF that pdf.js opens, read for proposals within
 * the reader's limits; a PNG or JPEG whole from start to end; an XML file a
 * JP PINT invoice, its figures proposed as it states them (issue 36). A file
 * that is not is refused with 415 naming it; a PDF too large or costly to read
 * is kept without proposals and says so.
 */
export async function inspectReceivedFile(bytes: Uint8Array, fileName: string): Promise<InspectedUpload> {
  const { contentType } = acceptFile("document", bytes);
  if (contentType === "image/png" || contentType === "image/jpeg") {
    const structure = await checkImageStructure(bytes, contentType);
    if (structure === "too-large") throw unsupportedMediaType(`「${fileName}」は画像が大きすぎます。1億画素までの画像を選んでください。`);
    if (structure === "broken") throw unsupportedMediaType(`「${fileName}」は画像として読み取れません。壊れていないJPEG・PNGのファイルを選んでください。`);
    return KEPT;
  }
  if (contentType === "application/xml") return { ...KEPT, proposal: proposeFromJpPint(readDigitalInvoice(bytes, fileName)) };
  if (contentType !== "application/pdf") return KEPT;
  const reading = await readPdf(bytes);
  switch (reading.status) {
    case "text":
      return { ...KEPT, proposal: proposeFromText(reading.text) };
    case "no-text":
      return KEPT;
    case "locked":
      return { ...KEPT, notice: PDF_LOCKED };
    case "gave-up":
      return { ...KEPT, notice: PDF_GAVE_UP, gaveUp: reading };
    case "unreadable":
      throw unsupportedMediaType(`「${fileName}」はPDFとして開けません。壊れていないPDFのファイルを選んでください。`);
    case "busy":
      throw tooManyRequests(PDF_BUSY);
  }
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * A received XML file read as a JP PINT invoice, or refused naming the file and why: kept only when it reads, so no
 * other XML is ever stored. The strict reader takes no DTD (no entity expands) and bounds size, depth and elements,
 * and the bytes are bounded before they are decoded.
 */
export function readDigitalInvoice(bytes: Uint8Array, fileName: string) {
  const refuse = (why: string) => unsupportedMediaType(`「${fileName}」はデジタルインボイスとして読み取れません：${why}`);
  if (bytes.byteLength > XML_LIMITS.maxBytes) throw refuse(`XMLファイルは${XML_LIMITS.maxBytes / 1024 / 1024}MBまでです`);
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw refuse("文字コードがUTF-8ではありません");
  }
  const read = readJpPint(text);
  if (read.problem !== null) throw refuse(read.problem);
  return read.invoice;
}
