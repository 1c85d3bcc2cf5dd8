import { recurringScheduleSchema } from "@domain/recurrence";
import { parseForm } from "~/components/forms/parse-form";

/**
 * The schedule form's check, the same as the action's. It is loaded on the form's first focus or press
 * (useLazyValidation), so zod and the schema are not in the page's first JavaScript.
 */
export const validate = (formData: FormData) => parseForm(formData, recurringScheduleSchema);
