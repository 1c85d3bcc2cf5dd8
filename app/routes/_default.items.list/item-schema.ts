import { z } from "zod";
import { resolveTaxCategory } from "@domain/form-fields";
import { itemFieldsSchema } from "@domain/item";
import { parseForm } from "~/components/forms/parse-form";

/** The item row form: the item's rules plus the version an edit started from. */
export const itemFormSchema = itemFieldsSchema.extend({ version: z.coerce.number().int().optional() }).transform(resolveTaxCategory);
export type ItemFormInput = z.input<typeof itemFormSchema>;

/** The item form's check in the browser, loaded on first use (useLazyValidation). */
export const validate = (formData: FormData) => parseForm(formData, itemFormSchema);
