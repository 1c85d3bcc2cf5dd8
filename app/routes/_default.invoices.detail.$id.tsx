import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { documentDetailAction, documentDetailLoader } from "~/services/document-pages/detail.server";

export const handle = { i18n: ["common"], screenName: "invoices-detail" };

export { detailMeta as meta } from "~/components/documents/DocumentDetailPage";

export const loader = (args: LoaderFunctionArgs) => documentDetailLoader(args, "invoice");

export const action = (args: ActionFunctionArgs) => documentDetailAction(args, "invoice");

export { DocumentDetailPage as default } from "~/components/documents/DocumentDetailPage";
