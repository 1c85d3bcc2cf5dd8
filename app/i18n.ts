import product from "./locales/ja/product.json";

/**
 * What the server's i18next and the browser share: the languages and the
 * title template. The dictionary itself is not here (it would ship to every
 * page): the server's i18next gets it from app/services/i18n.server.ts, and a
 * component that renders in the browser imports only its own sections (see
 * app/components/texts.tsx). A second language adds a locale here and its files.
 */
export const locales = ["ja"] as const;

export type Locale = (typeof locales)[number];

export const i18nConfig = {
  supportedLngs: [...locales] satisfies Locale[],
  fallbackLng: "ja" satisfies Locale,
  defaultNS: "common",
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};

const products = { ja: product } satisfies Record<Locale, typeof product>;

/** The title template of every page: 「{ページ名} | 帳票クラウド - 見積書・納品書・請求書・領収書をかんたん発行」. */
export function pageTitle(pageName: string, locale: Locale = "ja"): string {
  const { name, tagline } = products[locale];
  return `${pageName} | ${name} - ${tagline}`;
}
