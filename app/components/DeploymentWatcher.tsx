import { useEffect, useState } from "react";
import { useTexts } from "~/components/texts";
import layoutTexts from "~/locales/ja/layout.json";
import { reportBrowserError } from "./browser-errors";
import { BUILD_VERSION_PATH, isChunkLoadFailure, mayReloadFor, VERSION_POLL_MS } from "./deployment";

const RELOAD_KEY = "chohyo:chunk-reload:";

function reloadOnceFor(path: string) {
  const key = `${RELOAD_KEY}${path}`;
  const now = Date.now();
  const last = window.sessionStorage.getItem(key);
  if (!mayReloadFor(last === null ? null : Number(last), now)) return;
  window.sessionStorage.setItem(key, String(now));
  window.location.reload();
}

/**
 * With JavaScript: asks hourly whether a new build was deployed and offers a
 * reload when one was; reloads once (per 10 s per path) when a page chunk
 * fails to load; reports any other uncaught error to the server. Without JavaScript every page is fetched whole, so neither arises.
 */
export function DeploymentWatcher() {
  const { t } = useTexts({ layout: layoutTexts });
  const [outdated, setOutdated] = useState(false);

  useEffect(() => {
    const running = window.__remixManifest?.version;
    const check = async () => {
      try {
        const response = await fetch(BUILD_VERSION_PATH, { cache: "no-store" });
        const { version } = (await response.json()) as { version?: string };
        if (running && version && version !== running) setOutdated(true);
      } catch {
        // Offline or the server restarting: ask again at the next hour.
      }
    };
    const timer = window.setInterval(check, VERSION_POLL_MS);
    const onChunkFailure = (event: PromiseRejectionEvent | ErrorEvent) => {
      const reason = "reason" in event ? event.reason : event.error;
      const message = reason instanceof Error ? reason.message : String(event instanceof ErrorEvent ? event.message : reason);
      if (isChunkLoadFailure(message)) reloadOnceFor(window.location.pathname);
      else reportBrowserError(reason, message);
    };
    window.addEventListener("unhandledrejection", onChunkFailure);
    window.addEventListener("error", onChunkFailure);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("unhandledrejection", onChunkFailure);
      window.removeEventListener("error", onChunkFailure);
    };
  }, []);

  if (!outdated) return null;
  return (
    <div className="deployment-notice" role="status">
      <span>{t("layout.newVersion")}</span>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t("layout.reload")}
      </button>
    </div>
  );
}
