/**
 * A rules document as a Word file. The package is written by hand and zipped with fflate: the
 * documents are a title, headings and plain paragraphs, which a Word library would only wrap.
 */
import { strToU8, zipSync } from "fflate";
import type { RuleDocument } from "@domain/office-process-rules";

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
const REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const APPLICATION = "帳票クラウド";

const XML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/**
 * Text safe in element content and attribute values. Control characters other than tab and line
 * breaks are not allowed in XML 1.0 at all, and Word refuses the whole file over one, so they go.
 */
function escapeXml(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "").replace(/[&<>"']/g, (char) => XML_ENTITIES[char] ?? char);
}

function paragraph(text: string, properties = ""): string {
  const pPr = properties === "" ? "" : `<w:pPr>${properties}</w:pPr>`;
  return `<w:p>${pPr}<w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
}

function documentXml(doc: RuleDocument): string {
  const body = [
    paragraph(doc.title, '<w:pStyle w:val="Title"/>'),
    ...(doc.preamble === undefined ? [] : [paragraph(doc.preamble)]),
    ...doc.sections.flatMap((section) => [paragraph(section.heading, '<w:pStyle w:val="Heading1"/>'), ...section.paragraphs.map((text) => paragraph(text))]),
    // An empty paragraph sets the signature lines apart from the last article.
    ...(doc.footer.length === 0 ? [] : [paragraph(""), ...doc.footer.map((line) => paragraph(line, '<w:jc w:val="right"/>'))]),
  ];
  // A4 portrait with the margins Japanese Word templates use (30 mm top, 25 mm elsewhere), in twips.
  const section =
    '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1701" w:right="1418" w:bottom="1418" w:left="1418" w:header="851" w:footer="992" w:gutter="0"/></w:sectPr>';
  return `${XML_DECLARATION}<w:document xmlns:w="${W_NS}"><w:body>${body.join("")}${section}</w:body></w:document>`;
}

// Mincho for the whole document, as Japanese rules are usually printed. 游明朝 is the Mincho that
// current Word ships with; a reader without it substitutes its own.
const STYLES_XML = `${XML_DECLARATION}<w:styles xmlns:w="${W_NS}">\
<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="游明朝" w:hAnsi="游明朝" w:eastAsia="游明朝" w:cs="Times New Roman"/>\
<w:kern w:val="2"/><w:sz w:val="21"/><w:szCs w:val="21"/><w:lang w:val="en-US" w:eastAsia="ja-JP" w:bidi="ar-SA"/></w:rPr></w:rPrDefault>\
<w:pPrDefault><w:pPr><w:spacing w:after="0" w:line="360" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>\
<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/><w:pPr><w:jc w:val="both"/></w:pPr></w:style>\
<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/>\
<w:pPr><w:spacing w:after="360"/><w:jc w:val="center"/></w:pPr><w:rPr><w:b/><w:sz w:val="32"/><w:szCs w:val="32"/></w:rPr></w:style>\
<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/>\
<w:pPr><w:keepNext/><w:spacing w:before="240"/><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/></w:rPr></w:style>\
</w:styles>`;

const CONTENT_TYPES_XML = `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
<Default Extension="xml" ContentType="application/xml"/>\
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>\
<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>\
<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>\
<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>\
</Types>`;

const PACKAGE_RELS_XML = `${XML_DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="word/document.xml"/>\
<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>\
<Relationship Id="rId3" Type="${REL_NS}/extended-properties" Target="docProps/app.xml"/>\
</Relationships>`;

// The styles part is reached from the document, not from the package.
const DOCUMENT_RELS_XML = `${XML_DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
<Relationship Id="rId1" Type="${REL_NS}/styles" Target="styles.xml"/>\
</Relationships>`;

const APP_XML = `${XML_DECLARATION}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">\
<Application>${APPLICATION}</Application></Properties>`;

function coreXml(title: string): string {
  return `${XML_DECLARATION}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" \
xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${escapeXml(title)}</dc:title><dc:creator>${APPLICATION}</dc:creator></cp:coreProperties>`;
}

export function ruleDocumentToDocx(doc: RuleDocument): Uint8Array {
  // [Content_Types].xml first, as Word itself writes it.
  return zipSync({
    "[Content_Types].xml": strToU8(CONTENT_TYPES_XML),
    "_rels/.rels": strToU8(PACKAGE_RELS_XML),
    "word/document.xml": strToU8(documentXml(doc)),
    "word/_rels/document.xml.rels": strToU8(DOCUMENT_RELS_XML),
    "word/styles.xml": strToU8(STYLES_XML),
    "docProps/core.xml": strToU8(coreXml(doc.title)),
    "docProps/app.xml": strToU8(APP_XML),
  });
}
