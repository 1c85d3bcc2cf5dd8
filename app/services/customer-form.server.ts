import { getZodConstraint } from "@conform-to/zod";
import { data, type AppLoadContext } from "@remix-run/node";
import { customerFormSchema } from "~/components/customers/customer-schema";
import { parseForm } from "~/components/forms/parse-form";
import { requireCompanyCaller } from "./api-caller.server";
import { apiErrorReply } from "./api-form-errors.server";
import { archiveCustomer, deleteCustomer, saveCustomer } from "./customers.server";
import { remixI18next } from "./i18n.server";
import { readFormData } from "./read-form.server";
import { redirectWithNotice } from "./session.server";

/** The form's constraint attributes, for the loaders: the browser renders them without zod. */
export const customerFormConstraint = getZodConstraint(customerFormSchema);

/**
 * The create and edit pages' action: save (or, on edit, archive or delete)
 * and go back to the list with a notice; the server's messages come back
 * beside the form with the input kept.
 */
export async function customerFormAction(request: Request, context: AppLoadContext, existingId: number | null) {
  const { caller } = await requireCompanyCaller(request, context, existingId ? "customers-edit" : "customers-create");
  const formData = await readFormData(request);
  const t = await remixI18next.getFixedT(request);
  const intent = formData.get("intent");
  if (existingId && intent === "archive") {
    await archiveCustomer(caller, existingId);
    return redirectWithNotice(request, "/customers/list", "success", t("customer.archived"));
  }
  const submission = parseForm(formData, customerFormSchema);
  if (existingId && intent === "delete") {
    try {
      await deleteCustomer(caller, existingId);
    } catch (error) {
      // Still in use by documents: the message says so and the archive button is beside it.
      const { result, status } = apiErrorReply(submission, error);
      return data(result, { status });
    }
    return redirectWithNotice(request, "/customers/list", "success", t("customer.deleted"));
  }
  if (submission.status !== "success") return data(submission.reply(), { status: submission.status === "error" ? 400 : 200 });
  const { version, ...input } = submission.value;
  try {
    await saveCustomer(caller, input, existingId ? { id: existingId, version: version ?? 0 } : null);
  } catch (error) {
    const { result, status } = apiErrorReply(submission, error);
    return data(result, { status });
  }
  return redirectWithNotice(request, "/customers/list", "success", t("customer.saved"));
}
