import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/components/hydrated";
import { NOTICE_TIMEOUT_MS, type Notice } from "./notice";

/**
 * Shows the notice an action left. Without JavaScript it simply stays on the
 * page; with it, it hides after five seconds and a newer one replaces it.
 */
export function NoticeArea({ notice }: { notice: Notice | null }) {
  const { t } = useTranslation();
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
