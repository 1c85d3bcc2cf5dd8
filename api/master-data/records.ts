import { conflict, notFound } from "../errors";

/**
 * After an update guarded by id, tenant and version: the updated row, or
 * 409 when the record is there but was changed since (a stale save), or 404.
 */
export async function guardedUpdateResult<Row>(
  row: Row | undefined,
  stillThere: () => Promise<boolean>,
  messages: { stale: string; notFound: string },
): Promise<Row> {
  if (row) return row;
  throw (await stillThere()) ? conflict(messages.stale) : notFound(messages.notFound);
}
