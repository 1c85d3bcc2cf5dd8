import { translate } from "~/components/texts";
import type { Locale } from "~/i18n";
import { remixI18next, resources } from "./i18n.server";

type Texts = (key: string, options?: object) => unknown;

const textsByLocale = new Map<Locale, Texts>();

/**
 * The server's `t` for a language: the browser's `translate` (app/components/texts.tsx) over the language's whole
 * dictionary, which app/components/texts.test.ts holds to i18next's answer for every text. i18next's own `t`
 * (key parsing, resolution and interpolation options on every call) was most of the time a list took to render its
 * rows' texts; this is a lookup and, where a text has placeholders, a replace.
 */
export function textsForLocale(locale: Locale): Texts {
  let texts = textsByLocale.get(locale);
  if (!texts) {
    const dictionary = resources[locale].common;
    textsByLocale.set(locale, (texts = (key, options) => translate(dictionary, key, options)));
  }
  return texts;
}

/** A loader's texts for the request's language, with the key type of the sections it reads. */
export async function fixedTextsFor<T>(request: Request): Promise<T> {
  return textsForLocale((await remixI18next.getLocale(request)) as Locale) as T;
}
