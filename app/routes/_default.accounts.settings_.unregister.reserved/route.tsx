import { Form, Link, useLoaderData } from "@remix-run/react";
import { formatJapaneseDate } from "@domain/datetime";
import { useTexts } from "~/components/texts";
import accountsTexts from "~/locales/ja/accounts.json";
import { unregisterReserved as unregisterReservedTitle } from "~/locales/ja/titlesAccounts.json";
import { titleMeta } from "~/meta";
import { unregisterReservedLoader } from "~/routes/__accounts/accounts-settings.server";

export const handle = { i18n: ["common"], screenName: "accounts-settings-unregister-reserved" };

export const meta = titleMeta(unregisterReservedTitle);

export const loader = unregisterReservedLoader;

export default function UnregisterReservedPage() {
  const { t } = useTexts({ accounts: accountsTexts, titles: { unregisterReserved: unregisterReservedTitle } });
  const { withdrawalDate, retainedUntil, version } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t("titles.unregisterReserved")}</h1>
      <section className="card">
        <p>{t("accounts.reserved.lead")}</p>
        <p data-testid="withdrawal-date">{t("accounts.reserved.endsOn", { date: formatJapaneseDate(withdrawalDate) })}</p>
        {retainedUntil ? <p>{t("accounts.reserved.retained", { date: formatJapaneseDate(retainedUntil) })}</p> : null}
      </section>
      {/* Withdrawing is the account page's action; this form posts there. */}
      <Form method="post" action="/accounts/settings" className="card">
        <p>{t("accounts.reserved.withdrawLead")}</p>
        <input type="hidden" name="version" value={version} />
        <button type="submit" className="button">
          {t("accounts.settings.withdraw")}
        </button>
      </Form>
      <p>
        <Link to="/accounts/settings" prefetch="none">
          {t("accounts.reserved.back")}
        </Link>
      </p>
    </>
  );
}
