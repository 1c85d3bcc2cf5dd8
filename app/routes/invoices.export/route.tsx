import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentExportLoader } from "~/routes/__documents/list.server";

export const loader = (args: LoaderFunctionArgs) => documentExportLoader(args, "invoice");
