import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocumentDetailPage } from "~/components/documents/DocumentDetailPage";
import { titleMeta } from "~/meta";
import { receiptDetail as receiptDetailTitle } from "~/locales/ja/titlesDocuments.json";
import { documentDetailAction, documentDetailLoader } from "~/services/document-pages/detail.server";

export const handle = { i18n: ["common"], screenName: "receipts-detail" };

export const meta = titleMeta(receiptDetailTitle);

export const loader = (args: LoaderFunctionArgs) => documentDetailLoader(args, "receipt");

export const action = (args: ActionFunctionArgs) => documentDetailAction(args, "receipt");

export default function ReceiptDetailPage() {
  return <DocumentDetailPage {...useLoaderData<typeof loader>()} />;
}
