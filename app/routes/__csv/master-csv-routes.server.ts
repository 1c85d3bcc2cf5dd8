import { data, type AppLoadContext } from "@remix-run/node";
import { requireCompanyCaller } from "../../services/api-caller.server";
import { remixI18next } from "../../services/i18n.server";
import { downloadCsv, encodingOf, importCsv, MAX_CSV_UPLOAD_BYTES, type CsvResource } from "./master-csv.server";
import { PaymentApiValidationError } from "../../services/payment-api.server";
import { readFormData } from "../../services/read-form.server";
import { redirectWithNotice } from "../../services/session.server";

const LIST_PATH: Record<CsvResource, string> = { customers: "/customers/list", items: "/items/list" };

/** The download route's loader: the file, or back to the CSV page with the reason (e.g. what Shift_JIS cannot hold). */
export async function csvDownloadLoader(request: Request, context: AppLoadContext, resource: CsvResource) {
  const { caller } = await requireCompanyCaller(request, context, `${resource}-csv`);
  const url = new URL(request.url);
  try {
    return await downloadCsv(caller, resource, encodingOf(url.searchParams.get("encoding")), (url.searchParams.get("q") ?? "").slice(0, 100));
  } catch (error) {
    if (!(error instanceof PaymentApiValidationError)) throw error;
    return redirectWithNotice(request, `/${resource}/csv`, "error", error.message);
  }
}

/** The CSV page's action: import, then the list with the counts; every problem stays on the page. */
export async function csvImportAction(request: Request, context: AppLoadContext, resource: CsvResource) {
  const { caller } = await requireCompanyCaller(request, context, `${resource}-csv`);
  const t = await remixI18next.getFixedT(request);
  const refuse = (message: string, problems: PaymentApiValidationError["problems"] = []) => data({ message, problems }, { status: 422 });
  // Refused before reading, so an oversized upload is not buffered.
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_CSV_UPLOAD_BYTES + 64 * 1024) return refuse(t("csv.tooLarge"));
  const file = (await readFormData(request)).get("file");
  if (!(file instanceof File) || file.size === 0) return refuse(t("csv.noFile"));
  if (file.size > MAX_CSV_UPLOAD_BYTES) return refuse(t("csv.tooLarge"));
  try {
    const { created, updated } = await importCsv(caller, resource, await file.arrayBuffer());
    return redirectWithNotice(request, LIST_PATH[resource], "success", t("csv.imported", { created, updated }));
  } catch (error) {
    if (!(error instanceof PaymentApiValidationError)) throw error;
    return refuse(error.message, error.problems);
  }
}
