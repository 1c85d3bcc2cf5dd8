import type { OverdueBucket } from "@domain/reminders";

export const REMINDERS_PATH = "/billing/reminders";

/** The overdue list's query: a bucket of days overdue and a page, each left out at its default. */
export function listParams(bucket: OverdueBucket | null, page: number): URLSearchParams {
  const params = new URLSearchParams();
  if (bucket) params.set("bucket", bucket);
  if (page > 1) params.set("page", String(page));
  return params;
}

/** The list's URL for a bucket and a page. */
export function overdueListHref(bucket: OverdueBucket | null, page = 1): string {
  const query = listParams(bucket, page).toString();
  return query ? `${REMINDERS_PATH}?${query}` : REMINDERS_PATH;
}
