import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { i18nConfig, resources } from "~/i18n";

async function hydrate() {
  await i18next.use(initReactI18next).init({
    ...i18nConfig,
    lng: document.documentElement.lang || i18nConfig.fallbackLng,
    ns: getInitialNamespaces(),
    resources,
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
