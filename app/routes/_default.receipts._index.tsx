import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocumentListPage } from "~/components/documents/DocumentListPage";
import { titleMeta } from "~/meta";
import { documentListAction, documentListLoader } from "~/services/document-pages.server";

export const handle = { i18n: ["common"], screenName: "receipts-list" };

export const meta = titleMeta("receipts");

export function loader({ request, context }: LoaderFunctionArgs) {
  return documentListLoader(request, context, "receipt");
}

export function action({ request, context }: ActionFunctionArgs) {
  return documentListAction(request, context, "receipt");
}

export default function ReceiptListPage() {
  return <DocumentListPage {...useLoaderData<typeof loader>()} />;
}
