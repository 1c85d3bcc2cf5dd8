/**
 * What a stored file is, decided by its first bytes only: never by the client's
 * file name or its Content-Type header, which the client controls.
 */
export type StoredContentType = "image/png" | "image/jpeg" | "image/gif" | "image/webp" | "application/pdf" | "application/xml";

/** Images a company may use as its logo or stamp: those the server can decode and write anew (storage/images.ts). */
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif"] as const satisfies readonly StoredContentType[];

/**
 * Received documents (invoices, receipts and the like), kept as received: PDF, a scan or photo as JPEG or PNG, or a
 * digital invoice as XML — which the upload keeps only when it reads as JP PINT (received-documents/inspect-upload.ts).
 */
export const DOCUMENT_TYPES = ["application/pdf", "image/jpeg", "image/png", "application/xml"] as const satisfies readonly StoredContentType[];

export const SIZE_LIMITS = { image: 5 * 1024 * 1024, document: 20 * 1024 * 1024 } as const;

export type FilePurpose = "logo" | "stamp" | "document";

export const PURPOSE_RULES: Record<FilePurpose, { types: readonly StoredContentType[]; maxBytes: number }> = {
  logo: { types: IMAGE_TYPES, maxBytes: SIZE_LIMITS.image },
  stamp: { types: IMAGE_TYPES, maxBytes: SIZE_LIMITS.image },
  document: { types: DOCUMENT_TYPES, maxBytes: SIZE_LIMITS.document },
};

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87A = ascii("GIF87a");
const GIF89A = ascii("GIF89a");
const RIFF = ascii("RIFF");
const WEBP = ascii("WEBP");
const PDF = ascii("%PDF-");
const UTF8_BOM = [0xef, 0xbb, 0xbf];
// The XML declaration, which every JP PINT example and our own export write: without it text is not taken for XML.
const XML_DECLARATION = ascii("<?xml ");

function ascii(text: string): number[] {
  return Array.from(text, (char) => char.charCodeAt(0));
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

/** The type the magic bytes say, or null for anything else (text, SVG, HTML, scripts, truncated headers). */
export function detectContentType(bytes: Uint8Array): StoredContentType | null {
  if (startsWith(bytes, PNG)) return "image/png";
  if (startsWith(bytes, JPEG)) return "image/jpeg";
  if (startsWith(bytes, GIF87A) || startsWith(bytes, GIF89A)) return "image/gif";
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return "image/webp";
  if (startsWith(bytes, PDF)) return "application/pdf";
  if (startsWith(bytes, XML_DECLARATION, startsWith(bytes, UTF8_BOM) ? UTF8_BOM.length : 0)) return "application/xml";
  return null;
}
