import type { z } from "zod";
import { parseCsv, restoreNeutralizedCell, serializeCsv } from "../../domain/csv";
import { fieldName } from "../../domain/company";
import { CSV_ID_HEADER } from "../../domain/master-csv-columns";
import { japaneseErrorMap } from "../../domain/validation-messages";
import { decodeCsv } from "./encoding";

/**
 * One column of a master-data CSV: its Japanese heading, how a stored record
 * shows in it, and which input field its cell fills (cells are read by the
 * same domain schema as forms and the API, so the rules are one set).
 */
export type CsvColumn<Row> = {
  header: string;
  field: string;
  cell: (row: Row) => string;
  /** A cell as the schema's input; the cell itself unless the column speaks words (「月末」). */
  read?: (cell: string) => string;
};

export type CsvProblem = { line: number; column: string | null; message: string };

export type CsvImportRow<Input> = { line: number; id: number | null; input: Input };

export const MAX_IMPORT_ROWS = 5000;
const MAX_PROBLEMS = 100;

export function exportText<Row>(columns: readonly CsvColumn<Row>[], rows: readonly (Row & { id: number })[]): string {
  return serializeCsv([[CSV_ID_HEADER, ...columns.map((column) => column.header)], ...rows.map((row) => [String(row.id), ...columns.map((column) => column.cell(row))])]);
}

/**
 * Reads an uploaded CSV in either encoding and checks every row against the
 * schema before anything is written: the rows to write, or every problem
 * found, each with its line and column.
 */
export function readImport<Row, Schema extends z.ZodTypeAny>(
  bytes: Uint8Array,
  columns: readonly CsvColumn<Row>[],
  schema: Schema,
): { rows: CsvImportRow<z.output<Schema>>[] } | { problems: CsvProblem[] } {
  const parsed = parseCsv(decodeCsv(bytes).text);
  if ("error" in parsed) return { problems: [{ line: parsed.error.line, column: null, message: parsed.error.message }] };
  const [header, ...records] = parsed.rows;
  if (!header) return { problems: [{ line: 1, column: null, message: "CSVファイルが空です" }] };
  const known = new Map<string, CsvColumn<Row> | null>([[CSV_ID_HEADER, null], ...columns.map((column) => [column.header, column] as const)]);
  const headers = header.cells.map((cell) => cell.trim());
  const problems: CsvProblem[] = [];
  for (const name of headers) if (!known.has(name)) problems.push({ line: header.line, column: name, message: `「${name}」は取り込めない列です。書き出したCSVの見出しを使ってください` });
  const duplicated = headers.filter((name, index) => headers.indexOf(name) !== index);
  for (const name of new Set(duplicated)) problems.push({ line: header.line, column: name, message: `「${name}」の列が2つあります` });
  if (problems.length > 0) return { problems };
  if (records.length === 0) return { problems: [{ line: header.line + 1, column: null, message: "取り込む行がありません" }] };
  if (records.length > MAX_IMPORT_ROWS) return { problems: [{ line: header.line, column: null, message: `一度に取り込めるのは${MAX_IMPORT_ROWS}行までです` }] };

  const rows: CsvImportRow<z.output<Schema>>[] = [];
  for (const record of records) {
    if (problems.length >= MAX_PROBLEMS) break;
    if (record.cells.length !== headers.length) {
      problems.push({ line: record.line, column: null, message: `列の数が見出しと違います（見出し${headers.length}列、この行${record.cells.length}列）` });
      continue;
    }
    const input: Record<string, string> = {};
    let id: number | null = null;
    let idProblem = false;
    headers.forEach((name, index) => {
      const cell = restoreNeutralizedCell(record.cells[index] ?? "").trim();
      const column = known.get(name);
      if (column) {
        input[column.field] = column.read ? column.read(cell) : cell;
      } else if (cell !== "") {
        if (/^\d{1,9}$/.test(cell)) id = Number(cell);
        else idProblem = true;
      }
    });
    if (idProblem) problems.push({ line: record.line, column: CSV_ID_HEADER, message: "IDは書き出したCSVの値のまま、新しく登録する行は空欄にしてください" });
    const result = schema.safeParse(input, { errorMap: japaneseErrorMap });
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = fieldName(issue.path);
        problems.push({ line: record.line, column: columns.find((column) => column.field === field)?.header ?? field, message: issue.message });
      }
      continue;
    }
    rows.push({ line: record.line, id, input: result.data });
  }
  return problems.length > 0 ? { problems: problems.slice(0, MAX_PROBLEMS) } : { rows };
}

/** IDs named by the file that are not this company's records: each one a problem on its line. */
export function unknownIdProblems(rows: readonly CsvImportRow<unknown>[], ownIds: ReadonlySet<number>, noun: string): CsvProblem[] {
  return rows
    .filter((row) => row.id !== null && !ownIds.has(row.id))
    .map((row) => ({ line: row.line, column: CSV_ID_HEADER, message: `ID ${row.id} の${noun}が見つかりません。新しく登録する行はIDを空欄にしてください` }));
}
