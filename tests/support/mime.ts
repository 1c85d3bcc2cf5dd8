/**
 * Just enough of RFC 2045–2047 to read back what nodemailer wrote: headers
 * (with encoded words and folding), multipart bodies, base64 and
 * quoted-printable parts. A test helper, so a failure here is a failure to
 * read the message, never a pass.
 */
export type MimePart = { headers: Map<string, string>; body: Buffer; parts: MimePart[] };

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g, (_match, _charset: string, encoding: string, text: string) =>
    encoding.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))), "latin1").toString("utf8"),
  );
}

function decodeBody(raw: string, encoding: string | undefined): Buffer {
  if (encoding === "base64") return Buffer.from(raw.replace(/\s+/g, ""), "base64");
  if (encoding === "quoted-printable") {
    const bytes = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16)));
    return Buffer.from(bytes, "latin1");
  }
  return Buffer.from(raw, "utf8");
}

export function parseMime(raw: string): MimePart {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
  const rest = raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get("content-type") ?? "")?.[1];
  if (!boundary) return { headers, body: decodeBody(rest, headers.get("content-transfer-encoding")?.toLowerCase()), parts: [] };
  const sections = rest.split(`--${boundary}`).slice(1, -1);
  return { headers, body: Buffer.alloc(0), parts: sections.map((section) => parseMime(section.replace(/^\r?\n/, ""))) };
}

/** Every leaf part, depth first. */
export function leaves(part: MimePart): MimePart[] {
  return part.parts.length === 0 ? [part] : part.parts.flatMap(leaves);
}

/** A parameter of a header, such as the attachment's file name, RFC 2231 continuations (`filename*0*=…; filename*1*=…`) joined. */
export function headerParameter(value: string | undefined, name: string): string | null {
  if (!value) return null;
  const segments = [...value.matchAll(new RegExp(`${name}\\*(\\d+)?\\*?=("[^"]*"|[^;]+)`, "gi"))]
    .sort((a, b) => Number(a[1] ?? 0) - Number(b[1] ?? 0))
    .map((match) => match[2]!.replace(/^"|"$/g, "").trim());
  if (segments.length > 0) return decodeURIComponent(segments.join("").replace(/^utf-8'[^']*'/i, ""));
  return new RegExp(`${name}="?([^";]+)"?`, "i").exec(value)?.[1] ?? null;
}
