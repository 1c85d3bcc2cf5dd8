import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { DOCUMENT_KINDS, type DocumentKind } from "@domain/document-kinds";
import { DOCUMENT_PATHS } from "@domain/documents";
import type { RoundingIds, Totals } from "@domain/totals";
import { DocumentForm } from "./DocumentForm";
import type { DocumentFormValues } from "./document-form-values";

export type DocumentFormPageData = {
  kind: DocumentKind;
  values: DocumentFormValues;
  version: number | null;
  id?: number;
  number?: string;
  create: { idempotencyKey: string; sourceDocumentId: number | null; origin: string | null; sourceNumber: string | null } | null;
  rounding: RoundingIds;
} & DocumentChoices & {
  company: { bankAccounts: Array<{ id: number; label: string }> };
};

/** The masters offered on the form, and the searches that chose them. */
export type DocumentChoices = {
  customers: Array<{ id: number; name: string; honorific: string }>;
  items: Array<{ id: number; code: string | null; name: string; unit: string | null; unit_price: string; tax_rate: number }>;
  customerQuery: string;
  itemQuery: string;
};

/** The create and edit pages of every kind. */
export function DocumentFormPage({
  data,
  actionData,
}: {
  data: DocumentFormPageData;
  actionData: { result: SubmissionResult<string[]>; totals: Totals | null; choices: DocumentChoices } | undefined;
}) {
  const { t } = useTranslation();
  const kindLabel = DOCUMENT_KINDS.find((entry) => entry.id === data.kind)!.label;
  const hidden: Record<string, string> = data.create
    ? {
        idempotency_key: data.create.idempotencyKey,
        source_document_id: data.create.sourceDocumentId === null ? "" : String(data.create.sourceDocumentId),
        origin: data.create.origin ?? "",
      }
    : { version: String(data.version) };
  const cancelTo = data.id ? `${DOCUMENT_PATHS[data.kind].base}/detail/${data.id}` : DOCUMENT_PATHS[data.kind].list;
  return (
    <>
      <h1>{data.create ? t("documents.createTitle", { kind: kindLabel }) : t("documents.editTitle", { kind: kindLabel, number: data.number })}</h1>
      {data.create?.sourceNumber ? <p>{t("documents.fromSource", { number: data.create.sourceNumber })}</p> : null}
      <DocumentForm
        key={data.create ? "create" : String(data.version)}
        kind={data.kind}
        defaultValue={data.values}
        lastResult={actionData?.result}
        serverTotals={actionData?.totals ?? null}
        rounding={data.rounding}
        choices={actionData?.choices ?? data}
        bankAccounts={data.company.bankAccounts}
        hidden={hidden}
        cancelTo={cancelTo}
      />
    </>
  );
}
