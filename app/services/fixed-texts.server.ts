import { remixI18next } from "./i18n.server";

/**
 * A loader's texts for the request's language, with the key type of the sections it reads: i18next made once per
 * language, as entry.server.tsx does (initialising it per request is a noticeable share of a page's time); only
 * i18next's own key type is left behind.
 */
const textsByLocale = new Map<string, Promise<unknown>>();

export async function fixedTextsFor<T>(request: Request): Promise<T> {
  const locale = await remixI18next.getLocale(request);
  let texts = textsByLocale.get(locale);
  if (!texts) {
    texts = remixI18next.getFixedT(locale);
    textsByLocale.set(locale, texts);
  }
  return texts as Promise<T>;
}
