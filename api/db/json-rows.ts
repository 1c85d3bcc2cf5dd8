import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

/**
 * A table's rows read as JSON inside another statement, and turned back into the rows `db.select().from(table)` gives:
 * one statement for a page instead of one per table (ADR 020, "Server cost per page"). Columns whose JSON would differ
 * from what the driver receives (a numeric's scale, a timestamp's form, a bigint's size) travel as their text, and every
 * column is read back through its own Drizzle mapping, so the rows are the same, key by key, value by value.
 */
const SENT_AS_TEXT = /^(numeric|bigint|timestamp|date|time|interval)/;

/** The row as a JSON object under the columns' keys, for `select … from table` inside a subquery. */
export function jsonObjectOf(table: PgTable): SQL {
  const entries = Object.entries(getTableColumns(table)).map(
    ([key, column]) => sql`${sql.raw(`'${key}'`)}, ${SENT_AS_TEXT.test(column.getSQLType()) ? sql`${column}::text` : column}`,
  );
  return sql`json_build_object(${sql.join(entries, sql`, `)})`;
}

/** jsonObjectOf's rows as one JSON array in `order`, an empty array when there are none. */
export const jsonArrayOf = (table: PgTable, order: SQL) => sql`coalesce(json_agg(${jsonObjectOf(table)} order by ${order}), '[]'::json)`;

/** A row jsonObjectOf wrote, as Drizzle's select gives it. */
export function rowFromJson<Table extends PgTable>(table: Table, json: Record<string, unknown>): Table["$inferSelect"] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[key];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as Table["$inferSelect"];
}
