import type { Response } from "express";
import { attachmentDisposition } from "../../domain/attachment";
import { csvContentType, encodeCp932, unencodableInCp932, unencodableMessage, type CsvEncoding } from "./encoding";

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const MAX_REPORTED = 20;

async function write(res: Response, bytes: Buffer) {
  if (!res.write(bytes)) await new Promise((resolve) => res.once("drain", resolve));
}

/**
 * Sends CSV text produced page by page in the chosen encoding, streamed. For
 * Shift_JIS a first pass only tests characters, so a character it cannot hold
 * answers 422 naming it (line and character) before the first byte, and
 * nothing is ever replaced by 「?」. `pages` is called once per pass.
 */
export async function sendCsv(
  res: Response,
  pages: () => AsyncIterable<string>,
  { encoding, asciiFileName, fileName }: { encoding: CsvEncoding; asciiFileName: string; fileName: string },
): Promise<void> {
  if (encoding === "SJIS") {
    const found: Array<{ line: number; character: string }> = [];
    let line = 1;
    for await (const page of pages()) {
      found.push(...unencodableInCp932(page, line, MAX_REPORTED - found.length));
      if (found.length >= MAX_REPORTED) break;
      line += page.split("\n").length - 1;
    }
    if (found.length > 0) {
      res.status(422).json({ code: "validation_failed", message: unencodableMessage(found), unencodable: found });
      return;
    }
  }
  res.setHeader("Content-Type", csvContentType(encoding));
  res.setHeader("Content-Disposition", attachmentDisposition(asciiFileName, fileName));
  res.setHeader("Cache-Control", "no-store");
  let first = true;
  for await (const page of pages()) {
    const bytes = encoding === "SJIS" ? encodeCp932(page) : encoding === "UTF8" && first ? Buffer.concat([UTF8_BOM, Buffer.from(page, "utf8")]) : Buffer.from(page, "utf8");
    first = false;
    await write(res, bytes);
  }
  res.end();
}
