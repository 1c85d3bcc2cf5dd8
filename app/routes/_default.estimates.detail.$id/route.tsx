import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { documentDetailAction, documentDetailLoader } from "~/routes/__documents/detail.server";

export const handle = { i18n: ["common"], screenName: "estimates-detail" };

export { detailMeta as meta } from "~/routes/__documents/DocumentDetailPage";

export const loader = (args: LoaderFunctionArgs) => documentDetailLoader(args, "estimate");

export const action = (args: ActionFunctionArgs) => documentDetailAction(args, "estimate");

export { DocumentDetailPage as default } from "~/routes/__documents/DocumentDetailPage";
