import { XML_NAME } from "./xml-writer";

/**
 * A small, strict XML reader for documents from outside (received JP PINT
 * invoices): elements, attributes, text, comments, CDATA and processing
 * instructions, with namespaces resolved. A document type declaration is
 * refused outright — an invoice needs none, and without one no entity can
 * expand (the "billion laughs") and nothing outside the text is fetched. Size,
 * depth and the number of elements are bounded before they can cost much.
 */

export type XmlNode = {
  /** Namespace URI ("" when none) and local name. */
  namespace: string;
  name: string;
  attributes: ReadonlyMap<string, string>;
  children: XmlNode[];
  /** The element's own text (its children's left out), as written, entities resolved. */
  text: string;
  line: number;
};

export type XmlLimits = { maxBytes: number; maxDepth: number; maxElements: number };

export const XML_LIMITS: XmlLimits = { maxBytes: 10 * 1024 * 1024, maxDepth: 64, maxElements: 200_000 };

export type XmlProblem = "tooLarge" | "doctype" | "tooDeep" | "tooManyElements" | "malformed";

export class XmlReadError extends Error {
  constructor(
    readonly problem: XmlProblem,
    readonly line: number,
  ) {
    super(`${problem} at line ${line}`);
  }
}

const PREDEFINED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
const XML_NAMESPACE = "http://www.w3.org/XML/1998/namespace";

type Open = { node: XmlNode; qualified: string; scope: Map<string, string> };

/** The document's root element; throws XmlReadError with what is wrong and the line it was found on. */
export function readXml(text: string, limits: XmlLimits = XML_LIMITS): XmlNode {
  // UTF-16 code units are at most the UTF-8 bytes; the caller bounds the bytes it decodes, this bounds the text.
  if (text.length > limits.maxBytes) throw new XmlReadError("tooLarge", 1);
  let position = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let elements = 0;
  let root: XmlNode | null = null;
  const stack: Open[] = [];
  const fail = (problem: XmlProblem = "malformed"): never => {
    throw new XmlReadError(problem, line);
  };
  const advance = (to: number) => {
    for (let index = position; index < to; index++) if (text.charCodeAt(index) === 10) line++;
    position = to;
  };
  const until = (marker: string) => {
    const end = text.indexOf(marker, position);
    if (end < 0) fail();
    return end;
  };
  const unescape = (raw: string) =>
    raw.replace(/&([^;&\s]{0,12});/g, (_match, entity: string) => {
      if (entity in PREDEFINED) return PREDEFINED[entity]!;
      const code = /^#x([0-9a-fA-F]{1,6})$/.exec(entity)?.[1] ?? null;
      const decimal = /^#(\d{1,7})$/.exec(entity)?.[1] ?? null;
      const point = code !== null ? parseInt(code, 16) : decimal !== null ? Number(decimal) : NaN;
      if (!Number.isInteger(point) || point > 0x10ffff || (point >= 0xd800 && point <= 0xdfff) || point === 0) return fail();
      return String.fromCodePoint(point);
    });
  const checkedText = (raw: string) => {
    // A lone & or < in text is not XML.
    if (/&(?![^;&\s]{1,12};)/.test(raw) || raw.includes("<")) fail();
    return unescape(raw);
  };
  const resolve = (qualified: string, scope: Map<string, string>, isAttribute: boolean) => {
    const colon = qualified.indexOf(":");
    if (colon < 0) return { namespace: isAttribute ? "" : (scope.get("") ?? ""), name: qualified };
    const prefix = qualified.slice(0, colon);
    const namespace = prefix === "xml" ? XML_NAMESPACE : scope.get(prefix);
    if (namespace === undefined) return fail();
    return { namespace, name: qualified.slice(colon + 1) };
  };

  while (position < text.length) {
    const next = text.indexOf("<", position);
    if (next < 0) {
      if (text.slice(position).trim() !== "" || stack.length > 0) fail();
      advance(text.length);
      break;
    }
    if (next > position) {
      const raw = text.slice(position, next);
      if (stack.length === 0) {
        if (raw.trim() !== "") fail();
      } else stack[stack.length - 1]!.node.text += checkedText(raw);
      advance(next);
    }
    if (text.startsWith("<!--", position)) {
      advance(until("-->") + 3);
    } else if (text.startsWith("<![CDATA[", position)) {
      if (stack.length === 0) fail();
      const end = until("]]>");
      stack[stack.length - 1]!.node.text += text.slice(position + 9, end);
      advance(end + 3);
    } else if (text.startsWith("<!", position)) {
      fail(text.startsWith("<!DOCTYPE", position) ? "doctype" : "malformed");
    } else if (text.startsWith("<?", position)) {
      advance(until("?>") + 2);
    } else if (text.startsWith("</", position)) {
      const end = until(">");
      const qualified = text.slice(position + 2, end).trim();
      const open = stack.pop();
      if (!open || open.qualified !== qualified) fail();
      advance(end + 1);
    } else {
      const end = tagEnd(text, position);
      if (end < 0) fail();
      const selfClosing = text[end - 1] === "/";
      const inner = text.slice(position + 1, selfClosing ? end - 1 : end);
      const startLine = line;
      const match = /^([^\s/>]+)([\s\S]*)$/.exec(inner);
      if (!match || !XML_NAME.test(match[1]!)) fail();
      const qualified = match![1]!;
      const raw = new Map<string, string>();
      const attributePattern = /\s+([^\s=]+)\s*=\s*("([^"]*)"|'([^']*)')/gy;
      let rest = match![2]!;
      let attribute: RegExpExecArray | null;
      let consumed = 0;
      while ((attribute = attributePattern.exec(rest)) !== null) {
        const name = attribute[1]!;
        if (!XML_NAME.test(name) || raw.has(name)) fail();
        raw.set(name, checkedText(attribute[3] ?? attribute[4] ?? "").replace(/[\t\n\r]/g, " "));
        consumed = attributePattern.lastIndex;
      }
      rest = rest.slice(consumed);
      if (rest.trim() !== "") fail();
      const parentScope = stack[stack.length - 1]?.scope ?? new Map<string, string>();
      const scope = new Map(parentScope);
      for (const [name, value] of raw) {
        if (name === "xmlns") scope.set("", value);
        else if (name.startsWith("xmlns:")) scope.set(name.slice(6), value);
      }
      const attributes = new Map<string, string>();
      for (const [name, value] of raw) {
        if (name === "xmlns" || name.startsWith("xmlns:")) continue;
        const resolved = resolve(name, scope, true);
        attributes.set(resolved.namespace ? `{${resolved.namespace}}${resolved.name}` : resolved.name, value);
      }
      const { namespace, name } = resolve(qualified, scope, false);
      const node: XmlNode = { namespace, name, attributes, children: [], text: "", line: startLine };
      elements++;
      if (elements > limits.maxElements) fail("tooManyElements");
      if (stack.length === 0) {
        if (root) fail();
        root = node;
      } else stack[stack.length - 1]!.node.children.push(node);
      if (!selfClosing) {
        stack.push({ node, qualified, scope });
        if (stack.length > limits.maxDepth) fail("tooDeep");
      }
      advance(end + 1);
    }
  }
  if (!root || stack.length > 0) fail();
  return root!;
}

/** Where a start tag ends: the first ">" outside quoted attribute values. */
function tagEnd(text: string, from: number): number {
  let quote: string | null = null;
  for (let index = from + 1; index < text.length; index++) {
    const character = text[index]!;
    if (quote) {
      if (character === quote) quote = null;
    } else if (character === '"' || character === "'") quote = character;
    else if (character === "<") return -1;
    else if (character === ">") return index;
  }
  return -1;
}
