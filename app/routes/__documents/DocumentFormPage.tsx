import type { TaxCategoryId } from "@domain/codes";
import { useTexts } from "~/components/texts";
import documentsFormTexts from "~/locales/ja/documentsForm.json";
import { DOCUMENT_KINDS } from "@domain/document-kinds";
import { DOCUMENT_PATHS } from "@domain/documents";
import type { CustomerTerms } from "@domain/due-date";
import type { DocumentFormActionData, DocumentFormLoaderData } from "~/routes/__documents/form.server";
import { DocumentForm } from "./DocumentForm";
import type { PreviewCustomer } from "./preview-content";

/** The masters offered on the form, and the searches that chose them. */
export type DocumentChoices = {
  customers: Array<{ id: number; name: string; honorific: string } & CustomerTerms & PreviewCustomer>;
  items: Array<{ id: number; code: string | null; name: string; unit: string | null; unit_price: string; tax_category: TaxCategoryId }>;
  customerQuery: string;
  itemQuery: string;
};

/** The create and edit pages of every kind. */
export function DocumentFormPage({ data, actionData }: { data: DocumentFormLoaderData; actionData: DocumentFormActionData | undefined }) {
  const { t } = useTexts({ documents: documentsFormTexts });
  const kindLabel = DOCUMENT_KINDS.find((entry) => entry.id === data.kind)!.label;
  const hidden: Record<string, string> = data.create
    ? {
        idempotency_key: data.create.idempotencyKey,
        source_document_id: data.create.sourceDocumentId === null ? "" : String(data.create.sourceDocumentId),
        origin: data.create.origin ?? "",
      }
    : { version: String(data.version) };
  const id = "id" in data ? data.id : undefined;
  const cancelTo = id ? `${DOCUMENT_PATHS[data.kind].base}/detail/${id}` : DOCUMENT_PATHS[data.kind].list;
  return (
    <>
      <h1>{data.create ? t("documents.createTitle", { kind: kindLabel }) : t("documents.editTitle", { kind: kindLabel, number: "number" in data ? data.number : "" })}</h1>
      {data.correction ? <p className="notice-inline">{t("documents.correction.notice", { revision: data.correction.nextRevision })}</p> : null}
      {data.create?.sourceNumber ? <p>{t("documents.fromSource", { number: data.create.sourceNumber })}</p> : null}
      <DocumentForm
        key={data.create ? "create" : String(data.version)}
        kind={data.kind}
        defaultValue={data.values}
        lastResult={actionData?.result}
        serverTotals={actionData ? actionData.totals : data.totals}
        correcting={data.correction !== null}
        rounding={data.rounding}
        dueDateRules={data.dueDateRules}
        constraint={data.constraint}
        choices={actionData?.choices ?? data}
        bankAccounts={data.company.bankAccounts}
        preview={data.preview}
        hidden={hidden}
        cancelTo={cancelTo}
      />
    </>
  );
}
