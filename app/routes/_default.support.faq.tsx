import { useTranslation } from "react-i18next";
import { titleMeta } from "~/meta";

export const handle = { i18n: ["common", "faq"], screenName: "support-faq" };

export const meta = titleMeta("faq");

export default function FaqPage() {
  const { t } = useTranslation("faq");
  const items = t("items", { returnObjects: true }) as unknown as ReadonlyArray<{ q: string; a: string }>;
  return (
    <>
      <h1>{t("heading")}</h1>
      <p>{t("lead")}</p>
      <dl className="faq card">
        {items.map((item) => (
          <div key={item.q}>
            <dt>{item.q}</dt>
            <dd>{item.a}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
