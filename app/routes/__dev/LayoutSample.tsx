import { useTexts } from "~/components/texts";
import devTexts from "~/locales/ja/dev.json";
import { devLayouts as devLayoutsTitle } from "~/locales/ja/titlesPages.json";

/** Body of the layout sample pages (development and tests only). */
export function LayoutSample({ layout }: { layout: string }) {
  const { t } = useTexts({ dev: devTexts, titles: { devLayouts: devLayoutsTitle } });
  return (
    <>
      <h1>{t("titles.devLayouts")}</h1>
      <p data-testid="layout-sample">{t("dev.layoutLead", { layout })}</p>
    </>
  );
}
