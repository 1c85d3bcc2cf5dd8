import { lazy, memo, Suspense } from "react";
import { useTexts } from "~/components/texts";
import documentsFormTexts from "~/locales/ja/documentsForm.json";
import { ServerDocumentPreview } from "./DocumentPreview.server";
import { previewWanted, type PreviewStore } from "./preview-store";

/**
 * In the browser the preview's code (the snapshot view, its tables of labels, the content builder) comes on the form's
 * first use, not with the page: until then React keeps the server's HTML of it. The server renders it at once, so the
 * page without JavaScript has it too.
 */
const Preview = ServerDocumentPreview ?? lazy(() => previewWanted.then(() => import("./DocumentPreview")));

/**
 * The document as it will print, beside the form from 1025 px and below it (a link away) on narrower screens. Memoised:
 * the form re-rendering would otherwise hand the boundary new children, an update that makes React drop the server's
 * HTML it keeps until the code comes (React error 421).
 */
export const DocumentPreviewPane = memo(function DocumentPreviewPane({ store }: { store: PreviewStore }) {
  const { t } = useTexts({ documents: documentsFormTexts });
  return (
    <section className="document-preview" id="document-preview" aria-labelledby="document-preview-heading" data-testid="document-preview">
      <div className="document-preview__head">
        <h2 id="document-preview-heading">{t("documents.preview.heading")}</h2>
        <a className="document-preview__back" href="#document-heading">
          {t("documents.preview.back")}
        </a>
      </div>
      <div className="document-preview__sheet">
        <Suspense fallback={<p className="document-preview__pending">{t("documents.preview.loading")}</p>}>
          <Preview store={store} />
        </Suspense>
      </div>
    </section>
  );
});
