/**
 * A dictionary file's words in the request's language, in the file's own shape (its keys under `section`), for a
 * loader to send beside what they word: the page's JavaScript then carries neither the file nor the words of sections
 * the page does not show. Placeholders (`{{date}}`) stay for the page's `t` to fill (texts.tsx, textsOf).
 */
export function wordsOf<S extends object>(t: (key: string) => string, section: string, shape: S): S {
  return Object.fromEntries(
    Object.entries(shape).map(([key, value]) => [key, typeof value === "string" ? t(`${section}.${key}`) : wordsOf(t, `${section}.${key}`, value as object)]),
  ) as S;
}
