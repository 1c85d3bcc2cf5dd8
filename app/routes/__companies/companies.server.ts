import type { CompanyInput } from "@domain/company";
import { companiesAnswer, companyAnswer, type CompanyAnswer } from "@domain/master-data-answers";
import { askPaymentApi, type PaymentApiCaller } from "../../services/payment-api.server";

export type Company = CompanyAnswer;

export async function getOwnCompany(caller: PaymentApiCaller): Promise<Company | null> {
  const [company] = await askPaymentApi(caller, "/companies", companiesAnswer);
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
  if (!existing) return askPaymentApi(caller, "/companies", companyAnswer, { method: "POST", body });
  body.append("_method", "PATCH");
  body.append("version", String(existing.version));
  return askPaymentApi(caller, `/companies/${existing.id}`, companyAnswer, { method: "POST", body });
}
