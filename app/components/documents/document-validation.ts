import { parseForm } from "~/components/forms/parse-form";
import { schemaOfIntent } from "./form-intents";

/** The document form's check in the browser, loaded on first use (useLiveValidation). */
export const validate = (formData: FormData) => parseForm(formData, schemaOfIntent(formData.get("intent")));
