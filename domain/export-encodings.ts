import type { Code } from "./codes";

/** The CSV encodings (SPEC §4). */
export const EXPORT_ENCODINGS = [
  { id: "UTF8", key: "utf8", label: "UTF-8（BOM付き）" },
  { id: "UTF8N", key: "utf8n", label: "UTF-8（BOMなし）" },
  { id: "SJIS", key: "sjis", label: "Shift_JIS" },
] as const satisfies readonly Code<string>[];
