import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocumentListPage } from "~/components/documents/DocumentListPage";
import { titleMeta } from "~/meta";
import { documentListAction, documentListLoader } from "~/services/document-pages.server";

export const handle = { i18n: ["common"], screenName: "estimates-list" };

export const meta = titleMeta("estimates");

export function loader({ request, context }: LoaderFunctionArgs) {
  return documentListLoader(request, context, "estimate");
}

export function action({ request, context }: ActionFunctionArgs) {
  return documentListAction(request, context, "estimate");
}

export default function EstimateListPage() {
  return <DocumentListPage {...useLoaderData<typeof loader>()} />;
}
