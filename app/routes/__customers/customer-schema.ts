import { z } from "zod";
import { customerInputSchema } from "@domain/customer";
import { parseForm } from "~/components/forms/parse-form";

/** The customer form: the customer's rules plus the version an edit started from. */
export const customerFormSchema = customerInputSchema.extend({ version: z.coerce.number().int().optional() });
export type CustomerFormInput = z.input<typeof customerFormSchema>;

/** The customer form's check in the browser, loaded on first use (useLazyValidation). */
export const validate = (formData: FormData) => parseForm(formData, customerFormSchema);
