import type { LoaderFunctionArgs } from "@remix-run/node";
import { receivedExportLoader } from "~/routes/__received/received-pages.server";

/** The filtered list as CSV (a download: no page). */
export const loader = (args: LoaderFunctionArgs) => receivedExportLoader(args, "invoice");
