import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentExportLoader } from "~/services/document-pages.server";

export function loader({ request, context }: LoaderFunctionArgs) {
  return documentExportLoader(request, context, "invoice");
}
