import type { CompanyInput } from "@domain/company";
import { callPaymentApi, type PaymentApiCaller } from "../../services/payment-api.server";

export type CompanyBankAccount = {
  id: number;
  bank_name: string;
  bank_code: string | null;
  bank_branch_name: string;
  bank_branch_code: string | null;
  bank_account_type_id: number;
  bank_account_no: string;
  bank_account_name: string;
  displayed: boolean;
};

/** The own-company profile as the Payment API answers it. */
export type Company = {
  id: number;
  version: number;
  company_name: string;
  registered_name: string | null;
  department_name: string | null;
  pic_name: string | null;
  postal_code: string | null;
  address1: string | null;
  address2: string | null;
  tel: string | null;
  fax: string | null;
  email: string | null;
  registered_no: string | null;
  peppol_id: string | null;
  item_rounding_id: number;
  item_rounding_scale: number;
  subtotal_rounding_id: number;
  tax_id: number;
  tax_rounding_id: number;
  tax_withholding_id: number;
  /** 決算月 (1–12). */
  fiscal_year_end_month: number;
  logo: { path: string } | null;
  stamp: { path: string } | null;
  company_bank_accounts: CompanyBankAccount[];
};

export async function getOwnCompany(caller: PaymentApiCaller): Promise<Company | null> {
  const [company] = await callPaymentApi<Company[]>(caller, "/companies");
  return company ?? null;
}

export type CompanyFiles = { logo: File | null; stamp: File | null };

/**
 * Creates the profile, or updates it from the version the form was opened
 * with. Only a changed logo or stamp is sent (SPEC §5).
 */
export async function saveOwnCompany(
  caller: PaymentApiCaller,
  input: CompanyInput,
  files: CompanyFiles,
  existing: { id: number; version: number } | null,
): Promise<Company> {
  const body = new FormData();
  const { company_bank_accounts: accounts, logo_state, stamp_state, ...fields } = input;
  for (const [name, value] of Object.entries(fields)) {
    if (value !== null && value !== undefined) body.append(name, String(value));
  }
  body.append("logo_state", files.logo ? "update" : logo_state);
  body.append("stamp_state", files.stamp ? "update" : stamp_state);
  if (files.logo) body.append("logo", files.logo);
  if (files.stamp) body.append("stamp", files.stamp);
  accounts.forEach((account, index) => {
    for (const [name, value] of Object.entries(account)) {
      if (value === null || value === undefined) continue;
      body.append(`company_bank_accounts[${index}][${name}]`, name === "displayed" ? (value ? "1" : "0") : String(value));
    }
  });
  if (!existing) return callPaymentApi<Company>(caller, "/companies", { method: "POST", body });
  body.append("_method", "PATCH");
  body.append("version", String(existing.version));
  return callPaymentApi<Company>(caller, `/companies/${existing.id}`, { method: "POST", body });
}
