import { Link } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import printTexts from "~/locales/ja/print.json";
import { useHydrated } from "~/components/hydrated";

/** The button needs window.print, so before (or without) JavaScript the page points to the browser's own command. */
export function PrintControls({ backTo, backLabel, children }: { backTo: string; backLabel: string; children?: React.ReactNode }) {
  const { t } = useTexts({ print: printTexts });
  const hydrated = useHydrated();
  return (
    <div className="print-hidden print-controls">
      {hydrated ? (
        <button type="button" className="button" onClick={() => window.print()}>
          {t("print.print")}
        </button>
      ) : (
        <p>{t("print.withBrowser")}</p>
      )}{" "}
      {children}{" "}
      <Link to={backTo} prefetch="none">
        {backLabel}
      </Link>
    </div>
  );
}
