import type { LoaderFunctionArgs } from "@remix-run/node";
import { reportExportLoader } from "~/routes/__reports/reports.server";

/** A report's table as CSV (a download: no page). */
export const loader = (args: LoaderFunctionArgs) => reportExportLoader(args);
