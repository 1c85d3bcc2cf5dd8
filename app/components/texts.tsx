import { createContext, useContext, type ReactNode } from "react";

/**
 * Interface texts for components: i18next's behaviour for this dictionary, without i18next.
 *
 * A component names the dictionary sections it uses —
 * `const { t } = useTexts({ documents, list })` with the sections imported from
 * `~/locales/ja/*.json` — and calls `t("documents.saved")` as with i18next.
 *
 * - On the server, entry.server.tsx provides `translate` over the language's
 *   whole dictionary (remix-i18next picks the language; fixed-texts.server.ts).
 * - In the browser there is no provider: `t` reads the sections the component
 *   imported. Those are the same JSON the server reads, so
 *   hydration sees the same words, and a page's JavaScript carries only the
 *   sections its own components use (decision 004). That also holds after a
 *   client-side navigation: the new route's chunk brings its sections.
 *
 * The key type only admits keys of the sections passed, so a component that
 * forgets a section does not compile (rather than show a key in the browser).
 */

type Sections = { readonly [section: string]: object };

/** "a.b.c" for every text (a string or a list of strings) under the sections. */
type KeysOf<T> = {
  [K in keyof T & string]: T[K] extends string | readonly unknown[] ? K : T[K] extends object ? `${K}.${KeysOf<T[K]>}` : never;
}[keyof T & string];

export type TextKey<S extends Sections> = KeysOf<S>;

type Values = { readonly [name: string]: string | number };

export type TFunction<S extends Sections = Sections> = {
  (key: TextKey<S>, values?: Values): string;
  /** A list of texts (e.g. `customer.offsets`). */
  (key: TextKey<S>, options: { returnObjects: true }): unknown;
};

/** What the server provides: the request's language's `t`, over its whole dictionary (keys of any section). */
type AnyT = (key: never, options?: never) => unknown;

const ServerTexts = createContext<AnyT | null>(null);

export function ServerTextsProvider({ t, children }: { t: AnyT; children: ReactNode }) {
  return <ServerTexts.Provider value={t}>{children}</ServerTexts.Provider>;
}

function lookup(sections: Sections, key: string): unknown {
  let value: unknown = sections;
  for (const part of key.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * The browser's `t`: i18next's behaviour for what the dictionary uses —
 * `{{name}}` interpolation without escaping (as `interpolation.escapeValue:
 * false`), the key itself for a missing text, lists with `returnObjects`.
 * app/components/texts.test.ts checks it against i18next for every key.
 */
export function translate(sections: Sections, key: string, options?: object): unknown {
  const value = lookup(sections, key);
  if (options && "returnObjects" in options && options.returnObjects) return value ?? key;
  if (typeof value !== "string") return key;
  if (!options) return value;
  const values = options as Record<string, unknown>;
  return value.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export function useTexts<S extends Sections>(sections: S): { t: TFunction<S> } {
  const serverT = useContext(ServerTexts);
  const t = serverT ?? ((key: string, options?: object) => translate(sections, key, options));
  return { t: t as TFunction<S> };
}

/** A `t` over words a loader sent (wordsOf, words.server.ts): the same on the server and in the browser. */
export function textsOf<S extends Sections>(sections: S): { t: TFunction<S> } {
  return { t: ((key: string, options?: object) => translate(sections, key, options)) as TFunction<S> };
}
