/**
 * CSV (RFC 4180) for importing and exporting master data. Pure: the byte
 * encoding (UTF-8 / Shift_JIS) is handled on the server, in api/csv/encoding.ts.
 */
import { ITEMS_PER_STEP, runAtOnce, type Steps } from "./steps";

export type CsvRow = {
  /** 1-based physical line the record starts on (quoted newlines make records span lines). */
  line: number;
  cells: string[];
};

export type CsvParseResult = { rows: CsvRow[] } | { error: { line: number; message: string } };

export const CSV_MESSAGES = {
  unterminatedQuote: "引用符（\"）が閉じられていません",
  misplacedQuote: "引用符（\"）の位置が正しくありません",
} as const;

/**
 * Spreadsheets run a cell starting with one of = + - @ TAB CR as a formula
 * (OWASP "CSV injection"). Apostrophes before such a character are included
 * so that a cell which already looks neutralised gets one more apostrophe:
 * that keeps neutralizeCell / restoreNeutralizedCell exact inverses.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const NEUTRALIZED = /^'+[=+\-@\t\r]/;

const NEEDS_QUOTES = /[",\r\n]|^[ \t]|[ \t]$/;

const isCellEnd = (char: string | undefined): boolean => char === undefined || char === "," || char === "\r" || char === "\n";

/** Line ends in a quoted run (CR LF counts once); the run ends before a quote, so a CR at its end ends a line. */
function lineEndsIn(run: string): number {
  if (!run.includes("\n") && !run.includes("\r")) return 0;
  return run.match(/\r\n?|\n/g)!.length;
}

/** Prefixes a cell a spreadsheet would read as a formula with an apostrophe. */
export function neutralizeCell(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** Undoes neutralizeCell on import, so an exported file imports back to the same values. */
export function restoreNeutralizedCell(cell: string): string {
  return NEUTRALIZED.test(cell) ? cell.slice(1) : cell;
}

function serializeCell(cell: string): string {
  const safe = neutralizeCell(cell);
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Serialises rows with CRLF record ends (including after the last record), neutralising formulas. */
export function serializeCsv(rows: readonly (readonly string[])[]): string {
  return rows
    .map((row) => {
      // A lone empty cell would be an empty line, which parsers skip: quote it to keep the record.
      if (row.length === 1 && row[0] === "") return '""\r\n';
      return `${row.map(serializeCell).join(",")}\r\n`;
    })
    .join("");
}

/**
 * Parses CSV text with CRLF, LF or CR line ends. A leading BOM, a final line
 * end and completely empty lines produce no records. Cells are returned as
 * written (see restoreNeutralizedCell); line ends inside quoted cells are kept.
 */
export function parseCsv(text: string): CsvParseResult {
  return runAtOnce(csvSteps(text));
}

/** parseCsv as steps (domain/steps.ts), for a reader that pauses between them. */
export function* csvSteps(text: string): Steps<CsvParseResult> {
  const src = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const rows: CsvRow[] = [];
  let i = 0;
  let line = 1;

  // Consumes the line end at i (CRLF counts as one), if any.
  const skipLineEnd = (): boolean => {
    if (src[i] === "\r") {
      i += src[i + 1] === "\n" ? 2 : 1;
    } else if (src[i] === "\n") {
      i += 1;
    } else {
      return false;
    }
    line += 1;
    return true;
  };

  while (i < src.length) {
    if (skipLineEnd()) continue;
    const start = line;
    const cells: string[] = [];
    for (;;) {
      let cell = "";
      if (src[i] === '"') {
        i += 1;
        // Whole runs up to the next quote, not a character at a time: appending characters one by one made a
        // file of long quoted cells take seconds (a bank's CSV quotes every cell).
        for (;;) {
          const quote = src.indexOf('"', i);
          if (quote < 0) return { error: { line: start, message: CSV_MESSAGES.unterminatedQuote } };
          const run = src.slice(i, quote);
          // Line ends are kept as written; only the physical line count needs them.
          line += lineEndsIn(run);
          cell += run;
          if (src[quote + 1] !== '"') {
            i = quote;
            break;
          }
          cell += '"';
          i = quote + 2;
        }
        i += 1;
        if (!isCellEnd(src[i])) return { error: { line: start, message: CSV_MESSAGES.misplacedQuote } };
      } else {
        const from = i;
        while (!isCellEnd(src[i])) {
          if (src[i] === '"') return { error: { line: start, message: CSV_MESSAGES.misplacedQuote } };
          i += 1;
        }
        cell = src.slice(from, i);
      }
      cells.push(cell);
      if (src[i] !== ",") break;
      i += 1;
    }
    rows.push({ line: start, cells });
    if (rows.length % ITEMS_PER_STEP === 0) yield;
    skipLineEnd();
  }
  return { rows };
}
