import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentIdOf, documentPdfLoader } from "~/services/document-pages.server";

/** The receipt's PDF, rendered from its snapshot. */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  return documentPdfLoader(request, context, "receipt", documentIdOf(params.id));
}
