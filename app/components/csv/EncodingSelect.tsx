import { useTexts } from "~/components/texts";
import csvEncodingTexts from "~/locales/ja/csvEncoding.json";
import { EXPORT_ENCODINGS } from "@domain/export-encodings";

/** The CSV encodings (SPEC §4), UTF-8 with BOM first: what Excel opens without asking. */
export function EncodingSelect({ id }: { id: string }) {
  const { t } = useTexts({ csv: csvEncodingTexts });
  return (
    <>
      <label htmlFor={id}>{t("csv.encoding")}</label>
      <select id={id} name="encoding" defaultValue="UTF8" aria-describedby={`${id}-hint`}>
        {EXPORT_ENCODINGS.map((encoding) => (
          <option key={encoding.id} value={encoding.id}>
            {encoding.label}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="field__hint">
        {t("csv.encodingHint")}
      </p>
    </>
  );
}
