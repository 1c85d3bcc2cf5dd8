import { getZodConstraint } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { BANK_ACCOUNT_TYPES, COMPANY_DEFAULTS, ROUNDING_MODES, TAX_TYPES, WITHHOLDING_TYPES } from "@domain/codes";
import { companyFormSchema } from "~/routes/_default.companies.create/company-validation";
import { parseForm } from "~/components/forms/parse-form";
import { requireCompanyCaller } from "../../services/api-caller.server";
import { apiErrorReply } from "../../services/api-form-errors.server";
import { getOwnCompany, saveOwnCompany, type Company } from "../__companies/companies.server";
import { requireCompanySavePrecondition } from "./company-save.server";
import { remixI18next } from "../../services/i18n.server";
import { readFormData } from "../../services/read-form.server";
import { redirectWithNotice } from "../../services/session.server";

/**
 * The company form's server side: its schema, loader and action. Kept out of
 * the route module, whose browser chunk would otherwise import zod with the
 * page (the browser loads company-validation.ts on first use instead), and
 * carry an empty stand-in chunk for each server module the route imported.
 */
export const companyFormConstraint = getZodConstraint(companyFormSchema);

export const parseCompanyForm = (formData: FormData) => parseForm(formData, companyFormSchema);

/** The company form's choices, sent by the loader so the page does not load the code lists. */
export const COMPANY_FORM_CODES = {
  tax: TAX_TYPES,
  rounding: ROUNDING_MODES,
  withholding: WITHHOLDING_TYPES.filter((type) => type.key !== "disabled"),
  scales: [0, 1, 2, 3, 4].map((digits) => ({ id: digits, key: String(digits), label: `${digits}` })),
  fiscalMonths: Array.from({ length: 12 }, (_, index) => ({ id: index + 1, key: String(index + 1), label: `${index + 1}月` })),
  bankAccount: BANK_ACCOUNT_TYPES,
};

export type CompanyFormInput = z.input<typeof companyFormSchema>;

/** What the form starts from: the saved profile, else the SPEC §5 defaults. Forms hold text, so every value is one. */
export function companyFormDefaults(company: Company | null): CompanyFormInput {
  if (!company) {
    return {
      tax_id: String(COMPANY_DEFAULTS.taxId),
      tax_rounding_id: String(COMPANY_DEFAULTS.taxRoundingId),
      tax_withholding_id: String(COMPANY_DEFAULTS.taxWithholdingId),
      item_rounding_id: String(COMPANY_DEFAULTS.itemRoundingId),
      item_rounding_scale: String(COMPANY_DEFAULTS.itemRoundingScale),
      subtotal_rounding_id: String(COMPANY_DEFAULTS.subtotalRoundingId),
      fiscal_year_end_month: "3",
      company_name: "",
      company_bank_accounts: [],
    };
  }
  const text = (value: string | number | null) => (value === null ? "" : String(value));
  return {
    company_name: company.company_name,
    registered_name: text(company.registered_name),
    department_name: text(company.department_name),
    pic_name: text(company.pic_name),
    postal_code: text(company.postal_code),
    address1: text(company.address1),
    address2: text(company.address2),
    tel: text(company.tel),
    fax: text(company.fax),
    email: text(company.email),
    registered_no: text(company.registered_no),
    peppol_id: text(company.peppol_id),
    tax_id: text(company.tax_id),
    tax_rounding_id: text(company.tax_rounding_id),
    tax_withholding_id: text(company.tax_withholding_id),
    item_rounding_id: text(company.item_rounding_id),
    item_rounding_scale: text(company.item_rounding_scale),
    subtotal_rounding_id: text(company.subtotal_rounding_id),
    fiscal_year_end_month: text(company.fiscal_year_end_month),
    company_bank_accounts: company.company_bank_accounts.map((account) => ({
      id: text(account.id),
      bank_name: account.bank_name,
      bank_code: text(account.bank_code),
      bank_branch_name: account.bank_branch_name,
      bank_branch_code: text(account.bank_branch_code),
      bank_account_type_id: text(account.bank_account_type_id),
      bank_account_no: account.bank_account_no,
      bank_account_name: account.bank_account_name,
      displayed: account.displayed ? "on" : "",
    })),
  };
}

export async function companyPageLoader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "companies-create");
  const company = await getOwnCompany(caller);
  // The constraint attributes, the starting values and the choices come from the server, so the
  // browser needs neither zod nor the code lists to render the form.
  return {
    version: company?.version ?? null,
    images: { logo: company?.logo ?? null, stamp: company?.stamp ?? null },
    defaultValue: companyFormDefaults(company),
    constraint: companyFormConstraint,
    codes: COMPANY_FORM_CODES,
  };
}

function uploaded(formData: FormData, name: string): File | null {
  const value = formData.get(name);
  return value instanceof File && value.size > 0 ? value : null;
}

export async function companyPageAction({ request, context }: ActionFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "companies-create");
  const formData = await readFormData(request);
  const submission = parseCompanyForm(formData);
  if (submission.status === undefined) return data(submission.reply(), { status: 200 });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  await requireCompanySavePrecondition(caller);
  const existing = await getOwnCompany(caller);
  const { version, ...input } = submission.value;
  try {
    await saveOwnCompany(
      caller,
      input,
      { logo: uploaded(formData, "logo"), stamp: uploaded(formData, "stamp") },
      existing ? { id: existing.id, version: version ?? existing.version } : null,
    );
  } catch (error) {
    const { result, status } = apiErrorReply(submission, error);
    return data(result, { status });
  }
  const t = await remixI18next.getFixedT(request);
  return redirectWithNotice(request, "/companies/list", "success", t("company.saved"));
}
