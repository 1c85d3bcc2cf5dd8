import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/services/errors.server";
import { publicMailPdf } from "~/services/mails.server";
import { passThroughDownload } from "~/services/payment-api.server";

/** The sent document's PDF for whoever holds the link; a forged or expired link is not found. */
export async function loader({ request }: LoaderFunctionArgs) {
  const response = await publicMailPdf(new URL(request.url).searchParams.get("token") ?? "");
  if (!response) throw notFound();
  return passThroughDownload(response);
}
