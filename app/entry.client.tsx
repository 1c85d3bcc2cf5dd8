import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";

// No i18next here: the server rendered every text, and each component brings
// the few dictionary sections it needs (app/components/texts.tsx, decision 004).
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
    {
      // React error 421: a form waiting to hydrate on first use (hydrate-on-use.tsx) was reached by an
      // update of the page (Remix sets a new location outside a transition) and is rendered again in the
      // browser, as after a client-side navigation. That is the design, not a fault to report.
      onRecoverableError: (error) => {
        if (!String(error).includes("#421")) reportError(error);
      },
    },
  );
});
