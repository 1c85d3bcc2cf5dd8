import { bankNoticeInput } from "@domain/admin-banks";
import { parseForm } from "~/components/forms/parse-form";

/** The notice form's check, the action's own: loaded on the form's first use (useLiveValidation), so zod is not in the page's first load. */
export const validate = (formData: FormData) => parseForm(formData, bankNoticeInput);
