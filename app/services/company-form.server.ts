import { getZodConstraint } from "@conform-to/zod";
import { companyFormSchema } from "~/components/companies/company-validation";
import { parseForm } from "~/components/forms/parse-form";

/**
 * The company form's schema as the server uses it. Kept out of the route
 * module, whose browser chunk would otherwise import zod with the page; the
 * browser loads company-validation.ts on first use instead.
 */
export const companyFormConstraint = getZodConstraint(companyFormSchema);

export const parseCompanyForm = (formData: FormData) => parseForm(formData, companyFormSchema);
