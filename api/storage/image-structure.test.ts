import { crc32, deflateSync } from "node:zlib";
import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { JPEG_THEN_JUNK, PNG_THEN_JUNK } from "../../tests/support/hostile-files";
import { checkImageStructure, MAX_DOCUMENT_IMAGE_PIXELS } from "./image-structure";

const pixels = (width: number, height: number) => Uint8Array.from({ length: width * height * 4 }, (_, index) => (index * 37) % 251);

function pngOf(width: number, height: number, options: { colorType?: 0 | 2 | 4 | 6; bitDepth?: 8 | 16 } = {}): Uint8Array {
  const png = new PNG({ width, height, ...options });
  png.data = Buffer.from(pixels(width, height));
  return PNG.sync.write(png, options);
}

function flipped(bytes: Uint8Array, at: number): Uint8Array {
  const copy = bytes.slice();
  copy[at] = copy[at]! ^ 0xff;
  return copy;
}

const jpegOf = (width: number, height: number) => new Uint8Array(jpeg.encode({ width, height, data: pixels(width, height) }, 80).data);

/** A chunk with its length and CRC. */
function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const framed = Buffer.alloc(body.length + 8);
  framed.writeUInt32BE(data.length, 0);
  body.copy(framed, 4);
  framed.writeUInt32BE(crc32(body), body.length + 4);
  return framed;
}

/** A PNG that declares an RGB image of any size over the given image data. */
function declaredPng(width: number, height: number, imageData: Uint8Array): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", imageData), chunk("IEND", new Uint8Array())]);
}

describe("checkImageStructure", () => {
  it.each<[string, Uint8Array, "image/png" | "image/jpeg"]>([
    ["an RGBA PNG", pngOf(31, 17), "image/png"],
    ["a grey 16-bit PNG", pngOf(9, 40, { colorType: 0, bitDepth: 16 }), "image/png"],
    ["a JPEG", jpegOf(33, 21), "image/jpeg"],
    ["a PNG with bytes after its end", Buffer.concat([pngOf(8, 8), Buffer.from("trailing")]), "image/png"],
    ["a JPEG with bytes after its end (a phone's motion photo)", Buffer.concat([jpegOf(8, 8), Buffer.from("trailing")]), "image/jpeg"],
  ])("passes %s", async (_, bytes, type) => {
    await expect(checkImageStructure(bytes, type)).resolves.toBe("ok");
  });

  it.each<[string, Uint8Array, "image/png" | "image/jpeg"]>([
    ["a PNG signature and then something else", PNG_THEN_JUNK, "image/png"],
    ["a JPEG signature and then something else", JPEG_THEN_JUNK, "image/jpeg"],
    ["the first half of a PNG", pngOf(64, 64).slice(0, 2_000), "image/png"],
    ["a PNG without its end", pngOf(16, 16).slice(0, -12), "image/png"],
    ["a JPEG without its end", jpegOf(64, 64).slice(0, -2), "image/jpeg"],
    ["the first half of a JPEG", jpegOf(64, 64).slice(0, 600), "image/jpeg"],
    ["a PNG whose image data was changed after it was written (its CRC no longer matches)", flipped(pngOf(16, 16), 45), "image/png"],
    ["a PNG whose data stops short of the rows it declares", declaredPng(10_000, 10_000, deflateSync(Buffer.alloc(1_000))), "image/png"],
  ])("finds %s broken", async (_, bytes, type) => {
    await expect(checkImageStructure(bytes, type)).resolves.toBe("broken");
  });

  it("refuses to inflate more than the pixels allowed, whatever the data", async () => {
    const side = Math.ceil(Math.sqrt(MAX_DOCUMENT_IMAGE_PIXELS)) + 1;
    await expect(checkImageStructure(declaredPng(side, side, deflateSync(Buffer.alloc(1_000))), "image/png")).resolves.toBe("too-large");
    const huge = Buffer.from(jpegOf(8, 8));
    // SOF0 in jpeg-js's output: FF C0, length, precision, then height and width.
    const frame = huge.indexOf(Buffer.from([0xff, 0xc0]));
    huge.writeUInt16BE(65_535, frame + 5);
    huge.writeUInt16BE(65_535, frame + 7);
    await expect(checkImageStructure(huge, "image/jpeg")).resolves.toBe("too-large");
  });
});
