import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentPdfLoader } from "~/routes/__documents/copy.server";

/** The receipt's PDF, rendered from its snapshot. */
export const loader = (args: LoaderFunctionArgs) => documentPdfLoader(args, "receipt");
