import { createHash } from "node:crypto";
import jpeg from "jpeg-js";
import { GifReader } from "omggif";
import { PNG } from "pngjs";
import { unsupportedMediaType } from "../errors";
import type { StoredContentType } from "./file-type";

/** A logo is shown 215 px wide and a stamp about 60 px: 4,000 px a side is far more than either needs. */
const MAX_IMAGE_SIDE = 4_000;

const UNREADABLE_IMAGE = "画像を読み取れませんでした。壊れていない画像を選んでください。";
const IMAGE_TOO_LARGE = `画像が大きすぎます。縦横${MAX_IMAGE_SIDE}ピクセルまでの画像を選んでください。`;

export type CleanImage = { contentType: "image/png" | "image/jpeg"; bytes: Uint8Array };

type Pixels = { width: number; height: number; data: Uint8Array };

function checkSize(width: number, height: number) {
  if (width < 1 || height < 1) throw unsupportedMediaType(UNREADABLE_IMAGE);
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) throw unsupportedMediaType(IMAGE_TOO_LARGE);
}

function decodeGif(bytes: Uint8Array): Pixels {
  const reader = new GifReader(Buffer.from(bytes));
  checkSize(reader.width, reader.height);
  const data = new Uint8Array(reader.width * reader.height * 4);
  reader.decodeAndBlitFrameRGBA(0, data);
  return { width: reader.width, height: reader.height, data };
}

/**
 * The PNG's chunks up to IEND, its size checked first (pngjs allocates for
 * whatever the header says); bytes after IEND, where polyglot files hide
 * another format, are left behind.
 */
function pngChunks(png: Buffer): Buffer {
  if (png.length < 33 || png.toString("latin1", 12, 16) !== "IHDR") throw unsupportedMediaType(UNREADABLE_IMAGE);
  checkSize(png.readUInt32BE(16), png.readUInt32BE(20));
  for (let at = 8; at + 12 <= png.length; ) {
    const type = png.toString("latin1", at + 4, at + 8);
    at += 12 + png.readUInt32BE(at);
    if (type === "IEND") return png.subarray(0, at);
  }
  throw unsupportedMediaType(UNREADABLE_IMAGE);
}

function encodePng({ width, height, data }: Pixels): Uint8Array {
  const png = new PNG({ width, height });
  png.data = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return PNG.sync.write(png);
}

/**
 * A logo or stamp decoded and written anew: only pixels survive (no metadata,
 * no trailing bytes, nothing a viewer or the PDF writer could trip on). PNG
 * stays PNG, JPEG stays JPEG, a GIF's first frame becomes a PNG. Anything that
 * does not decode, or is larger than MAX_IMAGE_SIDE, is refused with 415.
 */
export function cleanImage(bytes: Uint8Array, contentType: StoredContentType): CleanImage {
  try {
    switch (contentType) {
      case "image/png": {
        const png = PNG.sync.read(pngChunks(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
        checkSize(png.width, png.height);
        return { contentType: "image/png", bytes: encodePng({ width: png.width, height: png.height, data: png.data }) };
      }
      case "image/jpeg": {
        const image = jpeg.decode(bytes, { useTArray: true, maxResolutionInMP: (MAX_IMAGE_SIDE * MAX_IMAGE_SIDE) / 1_000_000, maxMemoryUsageInMB: 256 });
        checkSize(image.width, image.height);
        return { contentType: "image/jpeg", bytes: jpeg.encode({ width: image.width, height: image.height, data: image.data }, 92).data };
      }
      case "image/gif":
        return { contentType: "image/png", bytes: encodePng(decodeGif(bytes)) };
      default:
        throw unsupportedMediaType(UNREADABLE_IMAGE);
    }
  } catch (error) {
    if (error instanceof Error && "status" in error) throw error;
    throw unsupportedMediaType(UNREADABLE_IMAGE);
  }
}

/** Whether stored bytes still decode as the image they claim to be (images kept from before cleaning began). */
export function decodes(bytes: Uint8Array, contentType: StoredContentType): boolean {
  try {
    cleanImage(bytes, contentType);
    return true;
  } catch {
    return false;
  }
}

/**
 * The answers of storedImageDecodes by the bytes' SHA-256 and type: the same bytes always give the same answer, and
 * finding it decodes and encodes the image again (tens of milliseconds for a photo-sized logo), which every preview of
 * a draft asked anew for its logo and stamp. The digest is of the bytes read, not the one stored beside them.
 */
const decodesByDigest = new Map<string, boolean>();
const DECODES_BY_DIGEST_LIMIT = 1_000;

/** decodes(), kept per process by the bytes' digest. */
export function storedImageDecodes(bytes: Uint8Array, contentType: StoredContentType): boolean {
  const key = `${contentType} ${createHash("sha256").update(bytes).digest("hex")}`;
  let known = decodesByDigest.get(key);
  if (known === undefined) {
    known = decodes(bytes, contentType);
    // Insertion order: the first key is the oldest.
    if (decodesByDigest.size >= DECODES_BY_DIGEST_LIMIT) decodesByDigest.delete(decodesByDigest.keys().next().value!);
    decodesByDigest.set(key, known);
  }
  return known;
}
