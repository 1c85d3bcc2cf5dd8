import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { formatJapaneseDate } from "@domain/datetime";
import { useTexts } from "~/components/texts";
import accountsTexts from "~/locales/ja/accounts.json";
import { unregisterReserved as unregisterReservedTitle } from "~/locales/ja/titlesAccounts.json";
import { titleMeta } from "~/meta";
import { getPlanInfo } from "~/services/accounts.server";
import { requireOwnerCaller } from "~/services/api-caller.server";

const SCREEN_NAME = "accounts-settings-unregister-reserved";

export const handle = { i18n: ["common"], screenName: SCREEN_NAME };

export const meta = titleMeta(unregisterReservedTitle);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireOwnerCaller(request, context, SCREEN_NAME);
  const plan = await getPlanInfo(caller);
  if (plan.status !== "cancellation_pending" || !plan.withdrawal_date) throw redirect("/accounts/settings");
  return { withdrawalDate: plan.withdrawal_date, retainedUntil: plan.retained_until, version: plan.version };
}

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
