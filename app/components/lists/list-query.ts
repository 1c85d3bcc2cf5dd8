/** A server-side list's state, carried in the URL so search, sort and paging work without JavaScript. */
export type ListQuery<Sort extends string> = { q: string; sort: Sort; order: "asc" | "desc"; page: number };

export function listQueryOf<Sort extends string>(url: URL, sorts: readonly Sort[], defaultSort: Sort): ListQuery<Sort> {
  const sort = url.searchParams.get("sort");
  const page = Number(url.searchParams.get("page"));
  return {
    q: (url.searchParams.get("q") ?? "").slice(0, 100),
    sort: sorts.includes(sort as Sort) ? (sort as Sort) : defaultSort,
    order: url.searchParams.get("order") === "desc" ? "desc" : "asc",
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The Payment API's list parameters for a query. */
export function listQueryParams(query: ListQuery<string>, perPage: number): URLSearchParams {
  return new URLSearchParams({ q: query.q, sort: query.sort, order: query.order, page: String(query.page), per_page: String(perPage) });
}

/** A list URL with some of the query changed; page goes back to 1 unless given. */
export function listUrl<Sort extends string>(path: string, query: ListQuery<Sort>, change: Partial<ListQuery<Sort>> = {}, extra: Record<string, string> = {}) {
  const next = { ...query, page: 1, ...change };
  const params = new URLSearchParams({ q: next.q, sort: next.sort, order: next.order, page: String(next.page), ...extra });
  return `${path}?${params}`;
}
