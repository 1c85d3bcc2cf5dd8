import { useNavigation } from "@remix-run/react";
import { useSyncExternalStore } from "react";
import { useTexts } from "~/components/texts";
import documentsFormTexts from "~/locales/ja/documentsForm.json";
import { DocumentSnapshotView } from "./DocumentSnapshotView";
import { previewContentOf } from "./preview-content";
import type { PreviewStore } from "./preview-store";

/**
 * The document as it will print, following the form (loaded on first use: DocumentPreviewPane). While the form is
 * posted it is marked busy: what it shows is what was sent, until the answer comes. (Reaching Remix also keeps React
 * in the routes' shared chunk rather than a file of its own on every page: ADR 048.)
 */
export function DocumentPreview({ store }: { store: PreviewStore }) {
  const { t } = useTexts({ documents: documentsFormTexts });
  const state = useSyncExternalStore(store.subscribe, store.current, store.initial);
  const busy = useNavigation().state === "submitting";
  const content = previewContentOf(state.kind, state.values, state.totals, state.facts, state.customers, t("documents.preview.unnumbered"));
  return <div aria-busy={busy}>{content ? <DocumentSnapshotView content={content} mark="draft" nested /> : <p className="document-preview__pending">{t("documents.preview.pending")}</p>}</div>;
}

export default DocumentPreview;
