import { useTranslation } from "react-i18next";
import { formatDecimal } from "@domain/decimal";
import { AMOUNT_HEADINGS, headlineAmount, issuerLines, recipientLines, type SnapshotContent } from "@domain/snapshot";
import { DocumentTotals } from "./DocumentTotals";

const imageUrl = (fileId: string) => `/companies/file/${fileId}`;

/**
 * A document as it was issued, sent or printed, laid out as an A4 sheet:
 * only the snapshot is read, so the page and the PDF show the same thing.
 */
export function DocumentSnapshotView({ content }: { content: SnapshotContent }) {
  const { t } = useTranslation();
  const { recipient, issuer } = content;
  return (
    <div className="snapshot" data-testid="snapshot">
      <h1 className="snapshot__title">{content.title}</h1>
      <dl className="snapshot__facts">
        {[{ label: "No.", value: content.number }, { label: t("snapshot.issueDate"), value: content.issueDate }, ...content.dates].map((fact) => (
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
                {line.taxRate === 8 ? " ※" : ""}
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
      <DocumentTotals totals={content.totals} internal={content.taxType === "internal"} />

      {content.bankAccounts.length > 0 ? (
        <section className="snapshot__section" aria-label={t("snapshot.bankAccounts")}>
          <h2>{t("snapshot.bankAccounts")}</h2>
          {content.bankAccounts.map((account) => (
            <p key={`${account.bankName}${account.accountNo}`}>
              {account.bankName} {account.branchName} {account.accountType} {account.accountNo} {account.accountName}
            </p>
          ))}
        </section>
      ) : null}
      {content.notes ? (
        <section className="snapshot__section" aria-label={t("snapshot.notes")}>
          <h2>{t("snapshot.notes")}</h2>
          <p className="snapshot__notes">{content.notes}</p>
        </section>
      ) : null}
      {content.lines.some((line) => line.taxRate === 8) ? <p className="snapshot__footnote">{t("documents.reducedMark")}</p> : null}
    </div>
  );
}
