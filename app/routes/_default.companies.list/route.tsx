import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import companyTexts from "~/locales/ja/company.json";
import { companies as companiesTitle } from "~/locales/ja/titlesPages.json";
import { BANK_ACCOUNT_TYPES, ROUNDING_MODES, TAX_TYPES, WITHHOLDING_TYPES, type Code } from "@domain/codes";
import { titleMeta } from "~/meta";
import { requireCompanyCaller } from "~/services/api-caller.server";
import { getOwnCompany } from "~/routes/__companies/companies.server";
import type { RouteHandle } from "~/route-handle";

export const handle = { i18n: ["common"], screenName: "companies-list", hydrate: false } satisfies RouteHandle;

export const meta = titleMeta(companiesTitle);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "companies-list");
  try {
    return { company: await getOwnCompany(caller), loadFailed: false };
  } catch (error) {
    if (error instanceof Response || (error as { init?: unknown }).init) throw error;
    context.log.error({ err: error }, "loading the own-company profile failed");
    return { company: null, loadFailed: true };
  }
}

const labelOf = (codes: readonly Code[], id: number) => codes.find((code) => code.id === id)?.label ?? "";

export default function CompaniesListPage() {
  const { t } = useTexts({ company: companyTexts, titles: { companies: companiesTitle } });
  const { company, loadFailed } = useLoaderData<typeof loader>();

  if (loadFailed) {
    return (
      <>
        <h1>{t("titles.companies")}</h1>
        <p className="card field__error" role="alert">
          {t("company.loadFailed")}
        </p>
      </>
    );
  }
  if (!company) {
    return (
      <>
        <h1>{t("titles.companies")}</h1>
        <p className="card">{t("company.none")}</p>
        <p>
          <Link to="/companies/create" className="button" prefetch="none">
            {t("company.register")}
          </Link>
        </p>
      </>
    );
  }

  const rows: Array<[string, string | null]> = [
    [t("company.fields.company_name"), company.company_name],
    [t("company.fields.registered_name"), company.registered_name],
    [t("company.fields.department_name"), company.department_name],
    [t("company.fields.pic_name"), company.pic_name],
    [t("company.fields.postal_code"), company.postal_code ? `〒${company.postal_code}` : null],
    [t("company.fields.address1"), [company.address1, company.address2].filter(Boolean).join(" ")],
    [t("company.fields.tel"), company.tel],
    [t("company.fields.fax"), company.fax],
    [t("company.fields.email"), company.email],
    [t("company.fields.registered_no"), company.registered_no],
    [t("company.fields.peppol_id"), company.peppol_id],
    [t("company.fields.tax_id"), labelOf(TAX_TYPES, company.tax_id)],
    [t("company.fields.tax_rounding_id"), labelOf(ROUNDING_MODES, company.tax_rounding_id)],
    [t("company.fields.tax_withholding_id"), labelOf(WITHHOLDING_TYPES, company.tax_withholding_id)],
    [t("company.fields.item_rounding_id"), `${labelOf(ROUNDING_MODES, company.item_rounding_id)}（${t("company.scaleDigits", { count: company.item_rounding_scale })}）`],
    [t("company.fields.subtotal_rounding_id"), labelOf(ROUNDING_MODES, company.subtotal_rounding_id)],
    [t("company.fields.fiscal_year_end_month"), t("company.fiscalMonth", { month: company.fiscal_year_end_month })],
  ];

  return (
    <>
      <h1>{t("titles.companies")}</h1>
      <p>
        <Link to="/companies/create" className="button" prefetch="none">
          {t("company.edit")}
        </Link>
      </p>
      <section className="card">
        <dl className="details" data-testid="company-details">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value || "—"}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="card">
        <h2>{t("company.images")}</h2>
        <div className="company-images">
          {company.logo ? <img src={`/companies/file/${company.logo.path}`} alt={t("company.logoAlt")} className="company-logo" /> : null}
          {company.stamp ? <img src={`/companies/file/${company.stamp.path}`} alt={t("company.stampAlt")} className="company-stamp" /> : null}
        </div>
      </section>
      <section className="card">
        <h2>{t("company.bankAccounts")}</h2>
        {company.company_bank_accounts.length === 0 ? (
          <p>{t("company.noAccounts")}</p>
        ) : (
          <table className="table" data-testid="bank-accounts">
            <thead>
              <tr>
                <th scope="col">{t("company.fields.bank_name")}</th>
                <th scope="col">{t("company.fields.bank_branch_name")}</th>
                <th scope="col">{t("company.fields.bank_account_type_id")}</th>
                <th scope="col">{t("company.fields.bank_account_no")}</th>
                <th scope="col">{t("company.fields.bank_account_name")}</th>
                <th scope="col">{t("company.displayedMark")}</th>
              </tr>
            </thead>
            <tbody>
              {company.company_bank_accounts.map((account) => (
                <tr key={account.id}>
                  <td>{account.bank_name}</td>
                  <td>{account.bank_branch_name}</td>
                  <td>{labelOf(BANK_ACCOUNT_TYPES, account.bank_account_type_id)}</td>
                  <td>{account.bank_account_no}</td>
                  <td>{account.bank_account_name}</td>
                  <td>{account.displayed ? "○" : ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
