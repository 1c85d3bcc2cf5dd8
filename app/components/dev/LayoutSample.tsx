import { useTranslation } from "react-i18next";

/** Body of the layout sample pages (development and tests only). */
export function LayoutSample({ layout }: { layout: string }) {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("titles.devLayouts")}</h1>
      <p data-testid="layout-sample">{t("dev.layoutLead", { layout })}</p>
    </>
  );
}
