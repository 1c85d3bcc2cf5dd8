import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import { el, writeXml } from "./xml-writer";

const parse = (xml: string) => new new Window().DOMParser().parseFromString(xml, "application/xml");

describe("writeXml", () => {
  it("escapes text and attributes so any value reads back as written", () => {
    const hostile = `<script>&amp;"'\n</Invoice>]]>`;
    const attribute = `"'<&>`;
    const xml = writeXml(el("Invoice", { note: attribute }, [el("Name", {}, hostile)]));
    const root = parse(xml).documentElement;
    expect(root.querySelector("parsererror")).toBeNull();
    expect(root.getAttribute("note")).toBe(attribute);
    expect(root.children[0]!.textContent).toBe(hostile);
  });

  it("drops characters XML cannot carry", () => {
    expect(writeXml(el("Name", {}, "A\u0000B\u0007C\uD800D😀"))).toContain("<Name>ABCD😀</Name>");
  });

  it("leaves out children given as null or false", () => {
    expect(writeXml(el("Party", {}, [null, el("ID", {}, "1"), false]))).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<Party>\n  <ID>1</ID>\n</Party>\n');
  });

  it("refuses names that are not XML names", () => {
    expect(() => writeXml(el("a b", {}, "x"))).toThrow(RangeError);
  });
});
