import { z } from "zod";
import { companyInputSchema } from "@domain/company";
import { parseForm } from "~/components/forms/parse-form";

/** The company form: the profile's rules plus the version the edit started from. */
export const companyFormSchema = companyInputSchema.extend({ version: z.coerce.number().int().optional() });

/** The company form's check in the browser, loaded on first use (useLazyValidation). */
export const validate = (formData: FormData) => parseForm(formData, companyFormSchema);
