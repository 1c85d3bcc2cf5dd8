import { Link } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import adminBanksTexts from "~/locales/ja/adminBanks.json";
import type { BankSummary } from "~/routes/__admin-banks/admin-banks.server";
import { ScrollBox } from "./ScrollBox";

/** A switch's state in words and colour both. */
export function OnOffBadge({ on, onText, offText }: { on: boolean; onText: string; offText: string }) {
  return <span className={on ? "admin-badge admin-badge--on" : "admin-badge admin-badge--off"}>{on ? onText : offText}</span>;
}

/** The banks the member of staff oversees: receiving on or off, and how many companies joined through each. */
export function BankListPage({ title, banks }: { title: string; banks: BankSummary[] }) {
  const { t } = useTexts({ adminBanks: adminBanksTexts });
  return (
    <>
      <h1 id="bank-list-title">{title}</h1>
      <p>{t("adminBanks.listLead")}</p>
      {banks.length === 0 ? (
        <p className="card">{t("adminBanks.empty")}</p>
      ) : (
        <section className="card">
          <p data-testid="admin-bank-count">{t("adminBanks.count", { count: banks.length })}</p>
          <ScrollBox labelledBy="bank-list-title">
            <table className="table table--list" data-testid="admin-banks">
              <thead>
                <tr>
                  <th scope="col">{t("adminBanks.columns.bankCode")}</th>
                  <th scope="col">{t("adminBanks.columns.name")}</th>
                  <th scope="col">{t("adminBanks.columns.baName")}</th>
                  <th scope="col">{t("adminBanks.columns.receive")}</th>
                  <th scope="col" className="table__number">
                    {t("adminBanks.columns.companies")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {banks.map((bank) => (
                  <tr key={bank.bank_code}>
                    <th scope="row">
                      <Link to={`/admin/bank-setting/detail/${bank.bank_code}`} prefetch="none" aria-label={`${bank.bank_code} ${bank.name}`}>
                        {bank.bank_code}
                      </Link>
                    </th>
                    <td>{bank.name}</td>
                    <td>{bank.ba_name}</td>
                    <td>
                      <OnOffBadge on={bank.enable_payment_receive} onText={t("adminBanks.on")} offText={t("adminBanks.off")} />
                    </td>
                    <td className="table__number">
                      {t("adminBanks.companiesCount", {
                        count: bank.company_count,
                      })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        </section>
      )}
    </>
  );
}
