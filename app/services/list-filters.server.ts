import listTexts from "~/locales/ja/listIgnored.json";

/** A condition's reader: its value as the API takes it, or null when it cannot be read. */
export type FilterReader = (value: string) => string | null;

/** A page number as every list's links write it (1 to 9999). */
export const pageNumber: FilterReader = (value) => (/^\d{1,4}$/.test(value) && Number(value) >= 1 ? value : null);

/** The names of the conditions most lists share (ページ, 並び順, 並びの向き), for the labels a list passes. */
export const COMMON_CONDITION_LABELS = listTexts.conditions;

/**
 * A list's filters from its URL as the API can read them: each read (a date
 * normalised, an amount parsed) or, when it cannot be, left out and named, so
 * the page says which condition it ignored instead of failing or ignoring it
 * in silence (issue 33). Every list that reads conditions from its address
 * reads them here and shows `ignored` with IgnoredFilters: the labels of the
 * conditions left out, as the page's form names them.
 */
export function readableFilters<Name extends string>(
  url: URL,
  names: readonly Name[],
  readers: Partial<Record<Name, FilterReader>>,
  labels: Partial<Record<Name, string>>,
): { filters: Record<Name, string>; ignored: string[] } {
  const filters = Object.fromEntries(names.map((name) => [name, (url.searchParams.get(name) ?? "").trim().slice(0, 100)])) as Record<Name, string>;
  const ignored: string[] = [];
  for (const name of names) {
    const read = readers[name];
    if (!read || !filters[name]) continue;
    const value = read(filters[name]);
    if (value === null) ignored.push(labels[name] ?? name);
    filters[name] = value ?? "";
  }
  return { filters, ignored };
}
