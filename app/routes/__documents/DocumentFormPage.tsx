import type { MetaFunction } from "@remix-run/react";
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { TaxCategoryId } from "@domain/codes";
import type { CustomerTerms } from "@domain/due-date";
import { titleMeta } from "~/meta";
import type { DocumentFormActionData, DocumentFormLoaderData, documentCreateLoader } from "~/routes/__documents/form.server";
import { DocumentForm } from "./DocumentForm";
import type { PreviewCustomer } from "./preview-content";

/** The masters offered on the form, and the searches that chose them. */
export type DocumentChoices = {
  customers: Array<{ id: number; name: string; honorific: string } & CustomerTerms & PreviewCustomer>;
  items: Array<{ id: number; code: string | null; name: string; unit: string | null; unit_price: string; tax_category: TaxCategoryId }>;
  customerQuery: string;
  itemQuery: string;
};

/** The create and edit routes' meta: the title comes with the page's data, so the page loads no titles file. */
export const formMeta: MetaFunction<(args: LoaderFunctionArgs) => ReturnType<typeof documentCreateLoader>> = (args) => titleMeta(args.data?.title ?? "")(args);

/** The create and edit pages of every kind. */
export function DocumentFormPage({ data, actionData }: { data: DocumentFormLoaderData; actionData: DocumentFormActionData | undefined }) {
  const hidden: Record<string, string> = data.create
    ? {
        idempotency_key: data.create.idempotencyKey,
        source_document_id: data.create.sourceDocumentId === null ? "" : String(data.create.sourceDocumentId),
        origin: data.create.origin ?? "",
      }
    : { version: String(data.version) };
  return (
    <>
      <h1>{data.heading}</h1>
      {data.correction ? <p className="notice-inline">{data.correction}</p> : null}
      {data.notice ? <p>{data.notice}</p> : null}
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
        codes={data.codes}
        choices={actionData?.choices ?? data}
        preview={data.preview}
        hidden={hidden}
        cancelTo={data.cancelTo}
      />
    </>
  );
}
