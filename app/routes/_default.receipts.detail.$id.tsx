import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocumentDetailPage } from "~/components/documents/DocumentDetailPage";
import { titleMeta } from "~/meta";
import { documentDetailAction, documentDetailLoader, documentIdOf } from "~/services/document-pages.server";

export const handle = { i18n: ["common"], screenName: "receipts-detail" };

export const meta = titleMeta("receiptDetail");

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return documentDetailLoader(request, context, "receipt", documentIdOf(params.id));
}

export function action({ request, params, context }: ActionFunctionArgs) {
  return documentDetailAction(request, context, "receipt", documentIdOf(params.id));
}

export default function ReceiptDetailPage() {
  return <DocumentDetailPage {...useLoaderData<typeof loader>()} />;
}
