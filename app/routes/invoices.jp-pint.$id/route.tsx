import type { LoaderFunctionArgs } from "@remix-run/node";
import { digitalInvoiceLoader } from "~/routes/__documents/copy.server";

/** The invoice as a JP PINT digital invoice (XML), from its issued snapshot. */
export const loader = (args: LoaderFunctionArgs) => digitalInvoiceLoader(args);
