import { receivedFileLoader } from "~/routes/__received/received-pages.server";

/** A received document's stored file, shown inline by the detail and snapshot pages. */
export const loader = receivedFileLoader;
