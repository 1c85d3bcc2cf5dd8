import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminCompaniesExportLoader } from "~/routes/__admin-companies/admin-companies.server";

/** The bank's filtered companies list as CSV (a download: no page). */
export const loader = (args: LoaderFunctionArgs) => adminCompaniesExportLoader(args);
