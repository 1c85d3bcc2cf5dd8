import { formatJapaneseDate } from "@domain/datetime";
import { paragraphsOf, type TermsText } from "@domain/terms";
import { useTexts } from "~/components/texts";
import termsTexts from "~/locales/ja/terms.json";

/** One version of a terms text: title, version, effective date, then the body as plain paragraphs (never markup). */
export function TermsDocument({ terms }: { terms: TermsText }) {
  const { t } = useTexts({ terms: termsTexts });
  return (
    <article className="terms" data-testid="terms">
      <h1>{terms.title}</h1>
      <dl className="terms__facts">
        <div>
          <dt>{t("terms.version")}</dt>
          <dd data-testid="terms-version">{terms.version}</dd>
        </div>
        <div>
          <dt>{t("terms.effectiveDate")}</dt>
          <dd data-testid="terms-effective-date">{formatJapaneseDate(terms.effective_date)}</dd>
        </div>
      </dl>
      <div className="terms__body">
        {paragraphsOf(terms.body).map((paragraph, index) => (
          // Paragraphs have no identity beyond their place; the list never reorders.
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    </article>
  );
}
