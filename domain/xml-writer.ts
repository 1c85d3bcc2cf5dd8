/**
 * A small XML writer: a document is built as a tree of elements and written
 * in one pass, every text and attribute escaped. Characters XML 1.0 cannot
 * carry at all (control characters, lone surrogates) are dropped rather than
 * written as a document no parser accepts.
 */

export type XmlElement = { name: string; attributes: Record<string, string>; children: XmlElement[] | string };

/** An element with text (a value) or child elements; children that are null are left out, so optional content reads inline. */
export function el(name: string, attributes: Record<string, string>, content: string | ReadonlyArray<XmlElement | null | false>): XmlElement {
  return { name, attributes, children: typeof content === "string" ? content : content.filter((child): child is XmlElement => Boolean(child)) };
}

// Allowed: tab, newline, carriage return, U+0020–U+D7FF, U+E000–U+FFFD and the astral planes (valid pairs only).
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function escapeText(text: string): string {
  return text.replace(NOT_XML, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function escapeAttribute(text: string): string {
  // Whitespace characters are written as references so a parser's attribute normalisation keeps them.
  return escapeText(text).replace(/"/g, "&quot;").replace(/\t/g, "&#9;").replace(/\n/g, "&#10;").replace(/\r/g, "&#13;");
}

/** An XML name, optionally with a namespace prefix (ASCII only: what UBL uses). */
export const XML_NAME = /^[A-Za-z_][\w.-]*(:[A-Za-z_][\w.-]*)?$/;

function write(element: XmlElement, depth: number, out: string[]): void {
  if (!XML_NAME.test(element.name)) throw new RangeError(`Not an XML name: ${element.name}`);
  const indent = "  ".repeat(depth);
  const attributes = Object.entries(element.attributes)
    .map(([name, value]) => {
      if (!XML_NAME.test(name)) throw new RangeError(`Not an XML name: ${name}`);
      return ` ${name}="${escapeAttribute(value)}"`;
    })
    .join("");
  if (typeof element.children === "string") {
    // Carriage returns would be read back as newlines; written as references they survive.
    out.push(`${indent}<${element.name}${attributes}>${escapeText(element.children).replace(/\r/g, "&#13;")}</${element.name}>`);
    return;
  }
  if (element.children.length === 0) {
    out.push(`${indent}<${element.name}${attributes}/>`);
    return;
  }
  out.push(`${indent}<${element.name}${attributes}>`);
  for (const child of element.children) write(child, depth + 1, out);
  out.push(`${indent}</${element.name}>`);
}

/** The document as UTF-8 text with its declaration. */
export function writeXml(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  write(root, 0, out);
  return `${out.join("\n")}\n`;
}
