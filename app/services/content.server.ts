import type { Locale } from "~/i18n";
import jaFaq from "~/content/ja/faq.json";

/**
 * Long page content (help texts) stays on the server and reaches the page in
 * its loader data, so it is not part of every page's JavaScript.
 */
const FAQ = { ja: jaFaq } satisfies Record<Locale, unknown>;

export type Faq = (typeof FAQ)[Locale];

export function getFaq(locale: Locale): Faq {
  return FAQ[locale];
}
