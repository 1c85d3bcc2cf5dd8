import jaCommon from "./locales/ja/common.json";

/**
 * The interface texts ship inside the bundle rather than being fetched at run
 * time: one request less on a slow bank line. Long page content stays on the
 * server (app/content/). A second language adds a key here.
 */
export const resources = {
  ja: { common: jaCommon },
} as const;

export type Locale = keyof typeof resources;

export const i18nConfig = {
  supportedLngs: ["ja"] satisfies Locale[],
  fallbackLng: "ja" satisfies Locale,
  defaultNS: "common",
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: (typeof resources)["ja"];
    returnObjects: false;
  }
}

const productTitleSuffix = (locale: Locale) => {
  const { name, tagline } = resources[locale].common.product;
  return `${name} - ${tagline}`;
};

/** The title template of every page: 「{ページ名} | 帳票クラウド - 見積書・納品書・請求書・領収書をかんたん発行」. */
export function pageTitle(pageName: string, locale: Locale = "ja"): string {
  return `${pageName} | ${productTitleSuffix(locale)}`;
}
