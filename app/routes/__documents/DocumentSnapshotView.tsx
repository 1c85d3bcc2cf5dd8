import { useTexts } from "~/components/texts";
import documentsTexts from "~/locales/ja/documents.json";
import documentsSharedTexts from "~/locales/ja/documentsShared.json";
import companyTexts from "~/locales/ja/company.json";
import snapshotTexts from "~/locales/ja/snapshot.json";
import { formatJapaneseDate } from "@domain/datetime";
import { formatDecimal } from "@domain/decimal-display";
import { AMOUNT_HEADINGS, COPY_MARK_LABELS, headlineAmount, issuerLines, lineTaxMark, recipientLines, referenceLines, totalsRows, type CopyMark, type SnapshotContent } from "@domain/snapshot";
import { DocumentTotals } from "./DocumentTotals";

const imageUrl = (fileId: string) => `/companies/file/${fileId}`;

/**
 * A document as it was issued, sent or printed, laid out as an A4 sheet:
 * only the snapshot is read, so the page and the PDF show the same thing.
 */
export function DocumentSnapshotView({ content, mark = null, nested = false }: { content: SnapshotContent; mark?: CopyMark; nested?: boolean }) {
  // Alone it is the page (h1); inside a page's section (the editor's preview) its headings go a level below that section's.
  const [Title, Heading] = nested ? (["h3", "h4"] as const) : (["h1", "h2"] as const);
  const { t } = useTexts({ company: companyTexts, documents: { ...documentsTexts, ...documentsSharedTexts }, snapshot: snapshotTexts });
  const { recipient, issuer } = content;
  return (
    // The word goes across the sheet (a faint CSS watermark, on screen and on paper) and in a box at its
    // top that reads at full contrast, so neither copy passes for the record.
    <div className={mark ? `snapshot snapshot--${mark}` : "snapshot"} data-testid="snapshot" data-mark={mark ? COPY_MARK_LABELS[mark] : undefined}>
      {mark ? (
        <p className="snapshot__mark" data-testid="snapshot-mark">
          {COPY_MARK_LABELS[mark]}
        </p>
      ) : null}
      <Title className="snapshot__title">{content.title}</Title>
      <dl className="snapshot__facts">
        {[
          { label: "No.", value: content.number },
          { label: t("snapshot.issueDate"), value: formatJapaneseDate(content.issueDate) },
          ...content.dates.map((date) => ({ label: date.label, value: formatJapaneseDate(date.value) })),
        ].map((fact) => (
          <div key={fact.label} className="snapshot__fact">
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>

      <div className="snapshot__parties">
        <section className="snapshot__recipient" aria-label={t("snapshot.recipient")}>
          {recipientLines(recipient).above.map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p className="snapshot__recipient-name" data-testid="snapshot-recipient">
            {recipient.name} {recipient.honorific}
          </p>
          {recipientLines(recipient).below.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </section>

        <section className="snapshot__issuer" aria-label={t("snapshot.issuer")}>
          {issuer.logo ? <img src={imageUrl(issuer.logo.fileId)} alt={t("company.logoAlt")} className="snapshot__logo" /> : null}
          <p className="snapshot__issuer-name">
            {issuer.name}
            {issuer.stamp ? <img src={imageUrl(issuer.stamp.fileId)} alt={t("company.stampAlt")} className="snapshot__stamp" /> : null}
          </p>
          {issuerLines(issuer).map((line) => (
            <p key={line}>{line}</p>
          ))}
          {issuer.registeredNo ? <p data-testid="snapshot-registered-no">{t("snapshot.registeredNo", { number: issuer.registeredNo })}</p> : null}
        </section>
      </div>

      {referenceLines(content).length > 0 ? (
        <div className="snapshot__reference" data-testid="snapshot-reference">
          {referenceLines(content).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      ) : null}
      {content.subject ? <p className="snapshot__subject">{t("snapshot.subject", { subject: content.subject })}</p> : null}
      <p className="snapshot__headline" data-testid="snapshot-headline">
        {AMOUNT_HEADINGS[content.kind]} <strong>¥{formatDecimal(headlineAmount(content))}-</strong>
      </p>
      {content.kind === "receipt" ? (
        <div className="snapshot__receipt">
          {content.proviso ? <p>{t("snapshot.proviso", { proviso: content.proviso })}</p> : null}
          <p>{t("snapshot.received")}</p>
          {content.paymentMethod ? <p>{t("snapshot.paymentMethod", { method: content.paymentMethod })}</p> : null}
        </div>
      ) : null}

      <table className="table snapshot__lines" data-testid="snapshot-lines">
        <thead>
          <tr>
            <th scope="col">{t("documents.columns.description")}</th>
            <th scope="col">{t("documents.columns.quantity")}</th>
            <th scope="col">{t("documents.columns.unit_price")}</th>
            <th scope="col">{t("documents.fields.amount")}</th>
          </tr>
        </thead>
        <tbody>
          {content.lines.map((line, index) => (
            <tr key={index}>
              <td>
                {line.description}
                {lineTaxMark(line)}
              </td>
              <td className="table__number">
                {formatDecimal(line.quantity)}
                {line.unit ?? ""}
              </td>
              <td className="table__number">{formatDecimal(line.unitPrice)}</td>
              <td className="table__number">{formatDecimal(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <DocumentTotals totals={content.totals} rows={totalsRows(content.totals)} internal={content.taxType === "internal"} marked={!nested} />

      {content.bankAccounts.length > 0 ? (
        <section className="snapshot__section" aria-label={t("snapshot.bankAccounts")}>
          <Heading>{t("snapshot.bankAccounts")}</Heading>
          {content.bankAccounts.map((account) => (
            <p key={`${account.bankName}${account.accountNo}`}>
              {account.bankName} {account.branchName} {account.accountType} {account.accountNo} {account.accountName}
            </p>
          ))}
        </section>
      ) : null}
      {content.notes ? (
        <section className="snapshot__section" aria-label={t("snapshot.notes")}>
          <Heading>{t("snapshot.notes")}</Heading>
          <p className="snapshot__notes">{content.notes}</p>
        </section>
      ) : null}
      {content.lines.some((line) => line.taxRate === 8) ? <p className="snapshot__footnote">{t("documents.reducedMark")}</p> : null}
    </div>
  );
}
