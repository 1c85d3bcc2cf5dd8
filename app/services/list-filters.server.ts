/**
 * A list's filters from its URL as the API can read them: each read (a date
 * normalised, an amount parsed) or, when it cannot be, left out and named, so
 * the page says which condition it ignored instead of failing.
 */
export function readableFilters<Name extends string>(
  url: URL,
  names: readonly Name[],
  readers: Partial<Record<Name, (value: string) => string | null>>,
): { filters: Record<Name, string>; ignored: Name[] } {
  const filters = Object.fromEntries(names.map((name) => [name, (url.searchParams.get(name) ?? "").trim().slice(0, 100)])) as Record<Name, string>;
  const ignored: Name[] = [];
  for (const name of names) {
    const read = readers[name];
    if (!read || !filters[name]) continue;
    const value = read(filters[name]);
    if (value === null) ignored.push(name);
    filters[name] = value ?? "";
  }
  return { filters, ignored };
}
