import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/services/errors.server";
import { publicMailPdf } from "~/routes/__mail/mails.server";
import { passThroughDownload, transportOf } from "~/services/payment-api.server";

/** The sent document's PDF for whoever holds the link; a forged or expired link is not found. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const response = await publicMailPdf(new URL(request.url).searchParams.get("token") ?? "", transportOf(context));
  if (!response) throw notFound();
  return passThroughDownload(response);
}
