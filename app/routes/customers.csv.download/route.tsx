import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvDownloadLoader } from "~/routes/__csv/master-csv-routes.server";

export function loader({ request, context }: LoaderFunctionArgs) {
  return csvDownloadLoader(request, context, "customers");
}
