import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { documentDetailAction, documentDetailLoader } from "~/routes/__documents/detail.server";

export const handle = { i18n: ["common"], screenName: "delivery-slips-detail" };

export { detailMeta as meta } from "~/routes/__documents/DocumentDetailPage";

export const loader = (args: LoaderFunctionArgs) => documentDetailLoader(args, "delivery_slip");

export const action = (args: ActionFunctionArgs) => documentDetailAction(args, "delivery_slip");

export { DocumentDetailPage as default } from "~/routes/__documents/DocumentDetailPage";
