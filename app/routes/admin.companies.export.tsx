import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminCompaniesExportLoader } from "~/services/admin-companies.server";

/** The bank's filtered companies list as CSV (a download: no page). */
export const loader = (args: LoaderFunctionArgs) => adminCompaniesExportLoader(args);
