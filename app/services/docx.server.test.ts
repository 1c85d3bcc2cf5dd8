import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { fillOfficeProcessRule, type RuleDocument } from "@domain/office-process-rules";
import { ruleDocumentToDocx } from "./docx.server";

const PARTS = [
  "[Content_Types].xml",
  "_rels/.rels",
  "word/document.xml",
  "word/_rels/document.xml.rels",
  "word/styles.xml",
  "docProps/core.xml",
  "docProps/app.xml",
];

function unzipText(docx: Uint8Array): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(docx)).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

/** Every start tag closed in order: enough to catch a broken part without an XML parser. */
function tagsBalance(xml: string): boolean {
  const open: string[] = [];
  for (const [, closing, name, selfClosing] of xml.matchAll(/<(\/?)([\w:]+)[^>]*?(\/?)>/g)) {
    if (closing) {
      if (open.pop() !== name) return false;
    } else if (!selfClosing) {
      open.push(name!);
    }
  }
  return open.length === 0;
}

const doc = fillOfficeProcessRule("corporation", {
  companyName: `A&B <"'>商会`,
  responsibleTitle: "代表取締役",
  responsibleName: "山田太郎",
  effectiveDate: "2026-11-22",
});
const parts = unzipText(ruleDocumentToDocx(doc));

describe("ruleDocumentToDocx", () => {
  it("writes every part of a WordprocessingML package, each well-formed", () => {
    expect(Object.keys(parts).sort()).toEqual([...PARTS].sort());
    for (const [name, xml] of Object.entries(parts)) {
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'), name).toBe(true);
      expect(tagsBalance(xml), name).toBe(true);
    }
  });

  it("declares the main document part and points the package at it", () => {
    expect(parts["[Content_Types].xml"]).toContain(
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>',
    );
    expect(parts["_rels/.rels"]).toContain('Target="word/document.xml"');
    expect(parts["word/_rels/document.xml.rels"]).toContain('Target="styles.xml"');
  });

  it("writes one paragraph per line of the document, escaped", () => {
    const xml = parts["word/document.xml"]!;
    const lineCount = 1 + 1 + doc.sections.reduce((sum, section) => sum + 1 + section.paragraphs.length, 0) + 1 + doc.footer.length;
    expect(xml.split("<w:p>").length - 1).toBe(lineCount);
    expect(xml.split("</w:p>").length - 1).toBe(lineCount);
    expect(xml).toContain("A&amp;B &lt;&quot;&apos;&gt;商会（以下「当社」という。）");
    expect(xml).not.toContain("A&B");
    expect(xml).toContain('<w:pStyle w:val="Title"/></w:pPr><w:r><w:t xml:space="preserve">電子取引データの訂正及び削除の防止に関する事務処理規程</w:t>');
    for (const heading of ["第1条（目的）", "第5条（訂正及び削除を行う場合の手続）", "附則"]) {
      expect(xml).toContain(`<w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t xml:space="preserve">${heading}</w:t>`);
    }
    expect(xml).toContain("2026年11月22日から施行する。");
    expect(xml).toContain('<w:pgSz w:w="11906" w:h="16838"/>');
  });

  it("defines the styles it uses with a Japanese Mincho font", () => {
    const styles = parts["word/styles.xml"]!;
    for (const id of ["Normal", "Title", "Heading1"]) expect(styles).toContain(`w:styleId="${id}"`);
    expect(styles).toContain('w:eastAsia="游明朝"');
  });

  it("puts the title in the document properties", () => {
    expect(parts["docProps/core.xml"]).toContain("<dc:title>電子取引データの訂正及び削除の防止に関する事務処理規程</dc:title>");
    expect(parts["[Content_Types].xml"]).toContain('PartName="/docProps/core.xml"');
    expect(parts["[Content_Types].xml"]).toContain('PartName="/docProps/app.xml"');
  });

  it("drops control characters XML cannot hold, and writes no empty preamble or footer", () => {
    const plain: RuleDocument = { title: "T\u0001itle", sections: [{ heading: "H", paragraphs: ["a\u001Fb"] }], footer: [] };
    const xml = unzipText(ruleDocumentToDocx(plain))["word/document.xml"]!;
    expect(xml).toContain(">Title<");
    expect(xml).toContain(">ab<");
    expect(xml.split("<w:p>").length - 1).toBe(3);
  });
});
