import { proposeFromText, type ReceivedProposal } from "../../domain/received-text";
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
 * the reader's limits; a PNG or JPEG whole from start to end. A file that is
 * not is refused with 415 naming it; one too large or costly to read is kept
 * without proposals and says so.
 */
export async function inspectReceivedFile(bytes: Uint8Array, fileName: string): Promise<InspectedUpload> {
  const { contentType } = acceptFile("document", bytes);
  if (contentType === "image/png" || contentType === "image/jpeg") {
    const structure = await checkImageStructure(bytes, contentType);
    if (structure === "too-large") throw unsupportedMediaType(`「${fileName}」は画像が大きすぎます。1億画素までの画像を選んでください。`);
    if (structure === "broken") throw unsupportedMediaType(`「${fileName}」は画像として読み取れません。壊れていないJPEG・PNGのファイルを選んでください。`);
    return KEPT;
  }
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
