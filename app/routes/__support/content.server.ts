import type { Locale } from "~/i18n";
import jaFaq from "~/content/ja/faq.json";
import jaQa from "~/content/ja/qa.json";
import { searchKey } from "@domain/normalize";

/**
 * Long page content (help texts) stays on the server and reaches the page in
 * its loader data, so it is not part of every page's JavaScript.
 */
const FAQ = { ja: jaFaq } satisfies Record<Locale, unknown>;

export type Faq = (typeof FAQ)[Locale];

export function getFaq(locale: Locale): Faq {
  return FAQ[locale];
}

const QA = { ja: jaQa } satisfies Record<Locale, unknown>;

type Qa = (typeof QA)[Locale];
type QaItem = Qa["items"][number];

/** What the Q&A search form asks: words (all must appear) and a category id, empty for all. */
export type QaQuery = { q: string; category: string };

/** A longer text is not a search anyone types; it is cut rather than refused. */
const MAX_QUERY_LENGTH = 100;

/** The form's query from the URL; an unknown category counts as all of them. */
export function qaQueryOf(url: URL, locale: Locale): QaQuery {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const category = url.searchParams.get("category") ?? "";
  return { q, category: QA[locale].categories.some((known) => known.id === category) ? category : "" };
}

export type QaResult = {
  categories: Qa["categories"];
  query: QaQuery;
  /** Questions in all. */
  total: number;
  hitCount: number;
  /** The hits grouped by category, in the categories' order; categories without hits left out. */
  groups: { id: string; name: string; items: Pick<QaItem, "q" | "a">[] }[];
};

/**
 * The Q&A filtered on the server, so it works without JavaScript and ships no
 * content to the browser. Words are compared as search keys (full and half
 * width, hiragana and katakana, case alike): 「ﾒｰﾙ」 finds 「メール」.
 */
export function searchQa(locale: Locale, query: QaQuery): QaResult {
  const { categories, items } = QA[locale];
  const words = query.q
    .split(/\s+/)
    .map(searchKey)
    .filter((word) => word.length > 0);
  const hits = items.filter((item) => {
    if (query.category && item.category !== query.category) return false;
    const text = searchKey(`${item.q}\n${item.a}`);
    return words.every((word) => text.includes(word));
  });
  const groups = categories
    .map(({ id, name }) => ({ id, name, items: hits.filter((item) => item.category === id).map(({ q, a }) => ({ q, a })) }))
    .filter((group) => group.items.length > 0);
  return { categories, query, total: items.length, hitCount: hits.length, groups };
}
