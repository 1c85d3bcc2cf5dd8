import { RemixI18Next } from "remix-i18next/server";
import { i18nConfig, type Locale } from "~/i18n";
import { common as jaCommon } from "~/locales/ja";

/** The whole dictionary, for the server only: the browser never loads i18next nor this object. */
export const resources = {
  ja: { common: jaCommon },
} as const satisfies Record<Locale, unknown>;

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: (typeof resources)["ja"];
    returnObjects: false;
  }
}

export const remixI18next = new RemixI18Next({
  detection: {
    supportedLanguages: i18nConfig.supportedLngs,
    fallbackLanguage: i18nConfig.fallbackLng,
  },
  i18next: { ...i18nConfig, resources },
});
