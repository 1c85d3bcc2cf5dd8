import { PNG } from "pngjs";
/** A real 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

let scans = 0;
/** A scan of another paper: the same picture with different bytes after its end (which viewers and the upload check ignore), so no two are one file to the duplicate warning. */
export const anotherScan = () => Buffer.concat([PNG_BYTES, Buffer.from(`scan ${++scans}`)]);

/** The first bytes of a PDF, enough for type detection. */
export const PDF_BYTES = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n");

export const SCRIPT_BYTES = Buffer.from("#!/bin/sh\necho pwned\n");

export function blobOf(bytes: Uint8Array, type = "application/octet-stream") {
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type });
}

/** A PNG's pixels: what a logo keeps once the server has decoded it and written it anew. */
export function pixelsOf(bytes: Uint8Array): Buffer {
  return PNG.sync.read(Buffer.from(bytes)).data;
}
