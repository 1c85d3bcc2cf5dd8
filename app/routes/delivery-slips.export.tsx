import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentExportLoader } from "~/services/document-pages/list.server";

export const loader = (args: LoaderFunctionArgs) => documentExportLoader(args, "delivery_slip");
