import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireCompanyCaller } from "~/services/api-caller.server";
import { storedFileAnswer } from "@domain/account-answers";
import { askPaymentApi } from "~/services/payment-api.server";

/**
 * The company's logo or stamp as an image, so pages link to it (and the
 * browser caches it) instead of inlining it as text on a slow line.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "companies-file");
  const file = await askPaymentApi(caller, `/get_s3_file?path=${encodeURIComponent(params.id ?? "")}`, storedFileAnswer);
  return new Response(Buffer.from(file.file, "base64"), {
    headers: {
      "Content-Type": file.content_type,
      // A replaced image gets a new id, so an id's bytes never change.
      "Cache-Control": "private, max-age=86400, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
