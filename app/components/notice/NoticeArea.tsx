import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTexts } from "~/components/texts";
import noticeTexts from "~/locales/ja/notice.json";
import { useHydrated } from "~/components/hydrated";
import type { loader as rootLoader } from "~/root";
import { NOTICE_TIMEOUT_MS, type Notice } from "./notice";

/** The notice the root loader took from the session, where a layout puts it: the top of its main column. */
export function PageNotice() {
  return <NoticeArea notice={useRouteLoaderData<typeof rootLoader>("root")?.notice ?? null} />;
}

/**
 * Shows the notice an action left, in the page's flow at the top right so it covers nothing.
 * A CSS animation folds it away after five seconds, with or without JavaScript; with JavaScript
 * it is also removed then, can be closed at once, and a newer one replaces it.
 */
export function NoticeArea({ notice }: { notice: Notice | null }) {
  const { t } = useTexts({ notice: noticeTexts });
  const hydrated = useHydrated();
  const [shown, setShown] = useState<Notice | null>(notice);
  const noticeId = notice?.id;

  useEffect(() => {
    setShown(notice);
    if (!notice) return;
    const timer = window.setTimeout(() => setShown(null), NOTICE_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
    // A notice is identified by its id: a revalidated root loader returns an equal copy.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [noticeId]);

  return (
    <div className="notice-area" aria-live="polite">
      {shown ? (
        <div
          key={shown.id}
          className={`notice notice--${shown.type}`}
          role={shown.type === "error" ? "alert" : "status"}
          data-testid="notice"
        >
          <p className="notice__message">{shown.message}</p>
          {hydrated ? (
            <button type="button" className="notice__close" onClick={() => setShown(null)} aria-label={t("notice.close")}>
              ×
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
