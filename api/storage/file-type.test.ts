import { describe, expect, it } from "vitest";
import { detectContentType, DOCUMENT_TYPES, IMAGE_TYPES, PURPOSE_RULES, SIZE_LIMITS, type StoredContentType } from "./file-type";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? Array.from(Buffer.from(part, "latin1")) : part)));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe("detectContentType", () => {
  const cases: [name: string, input: Uint8Array, expected: StoredContentType | null][] = [
    ["PNG", bytes(PNG, [0, 0, 0, 0x0d], "IHDR"), "image/png"],
    ["PNG header alone", bytes(PNG), "image/png"],
    ["JPEG (JFIF)", bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF"), "image/jpeg"],
    ["JPEG (Exif)", bytes([0xff, 0xd8, 0xff, 0xe1]), "image/jpeg"],
    ["GIF87a", bytes("GIF87a", [1, 0, 1, 0]), "image/gif"],
    ["GIF89a", bytes("GIF89a", [1, 0, 1, 0]), "image/gif"],
    ["WebP", bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "), "image/webp"],
    ["PDF", bytes("%PDF-1.7\n%âãÏÓ\n"), "application/pdf"],
    // A PNG uploaded for a document (or named .pdf) is still a PNG: only the bytes decide.
    ["PNG header meant as a PDF", bytes(PNG, "%PDF-1.7"), "image/png"],
    ["truncated PNG", bytes(PNG.slice(0, 7)), null],
    ["truncated JPEG", bytes([0xff, 0xd8]), null],
    ["truncated GIF", bytes("GIF89"), null],
    ["GIF of an unknown version", bytes("GIF90a"), null],
    ["truncated WebP", bytes("RIFF", [0x24, 0, 0, 0], "WEB"), null],
    ["RIFF that is not WebP (WAV)", bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt "), null],
    ["truncated PDF", bytes("%PDF"), null],
    ["PDF marker not at offset 0", bytes(" %PDF-1.7"), null],
    ["shell script", bytes("#!/bin/sh\nrm -rf /\n"), null],
    ["SVG", bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), null],
    // XML by its declaration: a document upload then keeps it only when it reads as JP PINT, and images never take it.
    ["SVG with an XML declaration", bytes('<?xml version="1.0"?><svg/>'), "application/xml"],
    ["XML with a UTF-8 byte order mark", bytes([0xef, 0xbb, 0xbf], '<?xml version="1.0" encoding="UTF-8"?><Invoice/>'), "application/xml"],
    ["XML declaration after a space", bytes(' <?xml version="1.0"?><Invoice/>'), null],
    ["HTML", bytes("<html><body>hi</body></html>"), null],
    ["HTML doctype", bytes("<!DOCTYPE html>"), null],
    ["JavaScript", bytes("alert(document.cookie)"), null],
    ["plain text", bytes("ロゴ画像です"), null],
    ["empty", new Uint8Array(), null],
  ];

  it.each(cases)("%s", (_name, input, expected) => {
    expect(detectContentType(input)).toBe(expected);
  });

  it("reads a view into a larger buffer from the view's start", () => {
    const backing = bytes("xxxx", PNG);
    expect(detectContentType(backing.subarray(4))).toBe("image/png");
    expect(detectContentType(backing)).toBeNull();
  });
});

describe("PURPOSE_RULES", () => {
  it("allows images up to 5 MB as logo and stamp", () => {
    for (const purpose of ["logo", "stamp"] as const) {
      expect(PURPOSE_RULES[purpose]).toEqual({ types: IMAGE_TYPES, maxBytes: 5 * 1024 * 1024 });
      expect(PURPOSE_RULES[purpose].types).not.toContain("application/pdf");
      expect(PURPOSE_RULES[purpose].types).not.toContain("application/xml");
    }
  });

  it("allows PDF, JPEG, PNG and XML up to 20 MB as a document", () => {
    expect(PURPOSE_RULES.document).toEqual({ types: DOCUMENT_TYPES, maxBytes: SIZE_LIMITS.document });
    expect([...DOCUMENT_TYPES].sort()).toEqual(["application/pdf", "application/xml", "image/jpeg", "image/png"]);
    expect(SIZE_LIMITS.document).toBe(20 * 1024 * 1024);
  });
});
