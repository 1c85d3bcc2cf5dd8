import { useFetchers, useNavigation } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import layoutTexts from "~/locales/ja/layout.json";

/** Covers the page while a navigation or a submission is under way (JavaScript only). */
export function LoadingOverlay() {
  const { t } = useTexts({ layout: layoutTexts });
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  if (!busy) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite" data-testid="loading-overlay">
      <span className="loading-overlay__spinner" aria-hidden="true" />
      <span className="visually-hidden">{t("layout.loading")}</span>
    </div>
  );
}
