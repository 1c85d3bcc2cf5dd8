import { crc32 } from "node:zlib";
import { inflatedSize } from "./inflated-size";

/**
 * Whether a received scan or photo is the image its first bytes say, read to
 * its end without decoding its pixels (decision 034): a received document is
 * kept as received, so nothing needs them, and decoding a phone's photo in
 * JavaScript takes seconds. The sizes it declares are checked first.
 */
export type ImageStructure = "ok" | "broken" | "too-large";

/** A 600 dpi A3 scan is 70 million pixels. */
export const MAX_DOCUMENT_IMAGE_PIXELS = 100_000_000;

export function checkImageStructure(bytes: Uint8Array, contentType: "image/png" | "image/jpeg"): Promise<ImageStructure> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return contentType === "image/png" ? checkPng(buffer) : Promise.resolve(checkJpeg(buffer));
}

/** Channels per colour type, and the bit depths each allows (PNG 11.2.2). */
const PNG_COLOUR_TYPES: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

/** Adam7's passes: where each starts and how far it steps, across and down. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

type PngHeader = { width: number; height: number; bitsPerPixel: number; colourType: number; interlaced: boolean };

function pngHeader(data: Buffer): PngHeader | null {
  if (data.length !== 13) return null;
  const width = data.readUInt32BE(0);
  const height = data.readUInt32BE(4);
  const [depth, colourType, compression, filter, interlace] = [data[8]!, data[9]!, data[10]!, data[11]!, data[12]!];
  const colour = PNG_COLOUR_TYPES[colourType];
  if (width < 1 || height < 1 || width > 0x7fffffff || height > 0x7fffffff) return null;
  if (!colour?.depths.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1) return null;
  return { width, height, bitsPerPixel: depth * colour.channels, colourType, interlaced: interlace === 1 };
}

/** The bytes its image data inflates to: each row (of each pass) with its filter byte. */
function pngRawSize({ width, height, bitsPerPixel, interlaced }: PngHeader): number {
  const rows = (columns: number, count: number) => (columns > 0 && count > 0 ? count * (1 + Math.ceil((columns * bitsPerPixel) / 8)) : 0);
  if (!interlaced) return rows(width, height);
  return ADAM7.reduce((sum, [x, y, dx, dy]) => sum + rows(Math.ceil((width - x) / dx), Math.ceil((height - y) / dy)), 0);
}

/**
 * The chunks from IHDR to IEND, each whole and with its CRC, a palette where
 * the colour type needs one, and image data that inflates to every row the
 * header promises. Bytes after IEND are not looked at, as viewers do not.
 */
async function checkPng(png: Buffer): Promise<ImageStructure> {
  let header: PngHeader | null = null;
  let palette = false;
  const data: Buffer[] = [];
  for (let at = 8; at + 12 <= png.length; ) {
    const length = png.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > png.length || crc32(png.subarray(at + 4, end - 4)) !== png.readUInt32BE(end - 4)) return "broken";
    const type = png.toString("latin1", at + 4, at + 8);
    const body = png.subarray(at + 8, end - 4);
    at = end;
    if (header === null) {
      if (type !== "IHDR" || !(header = pngHeader(body))) return "broken";
      if (header.width * header.height > MAX_DOCUMENT_IMAGE_PIXELS) return "too-large";
    } else if (type === "PLTE") palette = true;
    else if (type === "IDAT") data.push(body);
    else if (type === "IEND") {
      if (data.length === 0 || (header.colourType === 3 && !palette)) return "broken";
      const expected = pngRawSize(header);
      return (await inflatedSize(data, expected)) >= expected ? "ok" : "broken";
    }
  }
  return "broken";
}

/** Start of frame: every SOFn but DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

/**
 * The segments from SOI to EOI, each whole: one frame with its size, at
 * least one scan, and each scan's coded data up to the next marker. Bytes
 * after EOI (a phone's motion photo, a camera's second picture) are not
 * looked at, as viewers do not.
 */
function checkJpeg(jpeg: Buffer): ImageStructure {
  let frame = false;
  let scans = 0;
  for (let at = 2; ; ) {
    if (jpeg[at] !== 0xff) return "broken";
    while (jpeg[at] === 0xff) at++;
    const marker = jpeg[at++];
    if (marker === undefined || marker === 0x00 || marker === 0xd8 || isRestart(marker)) return "broken";
    if (marker === 0xd9) return frame && scans > 0 ? "ok" : "broken";
    if (marker === 0x01) continue;
    if (at + 2 > jpeg.length) return "broken";
    const length = jpeg.readUInt16BE(at);
    if (length < 2 || at + length > jpeg.length) return "broken";
    if (isStartOfFrame(marker)) {
      const components = jpeg[at + 7] ?? 0;
      if (frame || length < 8 || length !== 8 + components * 3 || components < 1 || components > 4) return "broken";
      const height = jpeg.readUInt16BE(at + 3);
      const width = jpeg.readUInt16BE(at + 5);
      if (width === 0 || height === 0) return "broken";
      if (width * height > MAX_DOCUMENT_IMAGE_PIXELS) return "too-large";
      frame = true;
    }
    at += length;
    if (marker !== 0xda) continue;
    if (!frame) return "broken";
    scans++;
    // The scan's coded data: a 0xFF in it is followed by 0x00 (a stuffed byte) or a restart marker.
    for (;;) {
      at = jpeg.indexOf(0xff, at);
      if (at === -1 || at + 1 >= jpeg.length) return "broken";
      const next = jpeg[at + 1]!;
      if (next !== 0x00 && !isRestart(next)) break;
      at += 2;
    }
  }
}
