import { useTexts } from "~/components/texts";
import type { Code } from "@domain/codes";
import { formatDateTimeJst } from "@domain/datetime";
import { PrintControls } from "~/components/print/PrintControls";
import type { ReceivedDetail } from "~/routes/__received/received.server";
import { DigitalInvoiceView } from "./DigitalInvoiceView";
import { ReceivedRecord, ReceivedVerification, detailTexts, fileSize } from "./ReceivedDetailPage";

/** The original files as received beside the recorded data and its verification: printable, naming its version. */
export function ReceivedSnapshotPage({ kindLabel, base, document, accountTypes }: { kindLabel: string; base: string; document: ReceivedDetail; accountTypes: readonly Code[] }) {
  const { t } = useTexts(detailTexts);
  const current = document.files.filter((file) => file.removed_in_version === null);
  return (
    <>
      <PrintControls backTo={`${base}/detail/${document.id}`} backLabel={t("received.form.back")} />
      <article className="received-snapshot">
        <h1>
          {kindLabel} {t("received.detail.version", { version: document.version })}
        </h1>
        <div className="received-snapshot__columns">
          <section aria-labelledby="received-original">
            <h2 id="received-original">{t("received.snapshot.original")}</h2>
            {current.map((file) => {
              const src = `/receive/files/${document.id}/${file.id}`;
              const digital = document.digital_invoices.find((entry) => entry.file_id === file.id);
              return (
                <figure key={file.id} className="received-snapshot__file">
                  {digital ? (
                    // A digital invoice is shown as what it says, not as XML.
                    <DigitalInvoiceView invoice={digital.invoice} fileName={file.file_name} />
                  ) : file.content_type === "application/pdf" ? (
                    <iframe src={src} title={file.file_name} className="received-snapshot__pdf" />
                  ) : (
                    <img src={src} alt={file.file_name} className="received-snapshot__image" />
                  )}
                  <figcaption>
                    {file.file_name}（{fileSize(file.size)}、{formatDateTimeJst(file.received_at)}）
                    <br />
                    <span className="received-hash">SHA-256: {file.sha256}</span>
                  </figcaption>
                </figure>
              );
            })}
          </section>
          <section aria-labelledby="received-recorded">
            <h2 id="received-recorded">{t("received.snapshot.record")}</h2>
            <ReceivedRecord document={document} accountTypes={accountTypes} />
            <ReceivedVerification document={document} />
            <p>{t("received.detail.retention", { date: document.retention_end })}</p>
          </section>
        </div>
      </article>
    </>
  );
}
