import { useTexts } from "~/components/texts";
import snapshotTexts from "~/locales/ja/snapshot.json";
import snapshotLinksTexts from "~/locales/ja/snapshotLinks.json";
import { formatDateTimeJst } from "@domain/datetime";
import { DOCUMENT_PATHS } from "@domain/documents";
import { PrintControls } from "~/components/print/PrintControls";
import type { DocumentCopyData } from "~/routes/__documents/copy.server";
import { DocumentSnapshotView } from "./DocumentSnapshotView";

/** The print page of every kind: controls that stay off paper, then the A4 sheet, marked when it is not the record. */
export function DocumentSnapshotPage({ data }: { data: DocumentCopyData }) {
  const { t } = useTexts({ snapshot: { ...snapshotTexts, ...snapshotLinksTexts } });
  const base = DOCUMENT_PATHS[data.kind].base;
  const unreadable = data.snapshot.content.issuer.unreadableImages ?? [];
  const pdf = data.revision === null ? `${base}/pdf/${data.id}` : `${base}/pdf/${data.id}?revision=${data.revision}`;
  return (
    <>
      <PrintControls backTo={`${base}/detail/${data.id}`} backLabel={t("snapshot.backToDetail")}>
        <a href={pdf} download>
          {t("snapshot.downloadPdf")}
        </a>
      </PrintControls>
      <p className="print-hidden field__hint" data-testid="copy-note">
        {data.mark === null ? t("snapshot.frozenAt", { at: formatDateTimeJst(data.snapshot.createdAt) }) : t(`snapshot.${data.mark}Mark`)}
        {data.revision !== null && data.revision !== data.latestRevision ? ` ${t("snapshot.revisionShown", { revision: data.revision, latest: data.latestRevision })}` : null}
      </p>
      {unreadable.length > 0 ? (
        <p className="print-hidden field__hint" role="note" data-testid="unreadable-images">
          {t("snapshot.unreadableImages", { images: unreadable.map((purpose) => t(`snapshot.imageNames.${purpose}`)).join("・") })}
        </p>
      ) : null}
      <DocumentSnapshotView content={data.snapshot.content} mark={data.mark} />
    </>
  );
}
