import { registrationInputSchema } from "@domain/account-input";
import { parseForm } from "~/components/forms/parse-form";

/** The registration form's check, the same as its action's: loaded on the form's first use (useLazyValidation), so zod is not in the page's first load. */
export const validate = (formData: FormData) => parseForm(formData, registrationInputSchema);
