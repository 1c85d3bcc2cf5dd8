import { z } from "zod";
import { officeProcessRuleInputSchema } from "@domain/office-process-rule-input";
import { parseForm } from "~/components/forms/parse-form";

/**
 * The office process rules form's check: the page loads it on the first focus or press
 * (useLazyValidation), so zod is not in its first JavaScript; the action parses with the same schema.
 */

/** The values to fill in plus the version the page showed (0: never saved). */
export const officeProcessRuleFormSchema = officeProcessRuleInputSchema.extend({ version: z.coerce.number().int().min(0) });

export const validate = (formData: FormData) => parseForm(formData, officeProcessRuleFormSchema);
