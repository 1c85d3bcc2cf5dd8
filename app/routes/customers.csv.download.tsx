import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvDownloadLoader } from "~/services/master-csv-routes.server";

export function loader({ request, context }: LoaderFunctionArgs) {
  return csvDownloadLoader(request, context, "customers");
}
