import { useTranslation } from "react-i18next";
import type { DocumentKind } from "@domain/document-kinds";
import { DOCUMENT_PATHS } from "@domain/documents";
import type { DocumentSnapshot } from "@domain/snapshot";
import { PrintControls } from "~/components/print/PrintControls";
import { formatDateTimeJst } from "@domain/datetime";
import { DocumentSnapshotView } from "./DocumentSnapshotView";

/** The print page of every kind: controls that stay off paper, then the A4 sheet. */
export function DocumentSnapshotPage({ data }: { data: { kind: DocumentKind; id: number; snapshot: DocumentSnapshot } }) {
  const { t } = useTranslation();
  const base = DOCUMENT_PATHS[data.kind].base;
  return (
    <>
      <PrintControls backTo={`${base}/detail/${data.id}`} backLabel={t("snapshot.backToDetail")}>
        <a href={`${base}/pdf/${data.id}`} download>
          {t("snapshot.downloadPdf")}
        </a>
      </PrintControls>
      <p className="print-hidden field__hint">{t("snapshot.frozenAt", { at: formatDateTimeJst(data.snapshot.createdAt) })}</p>
      <DocumentSnapshotView content={data.snapshot.content} />
    </>
  );
}
