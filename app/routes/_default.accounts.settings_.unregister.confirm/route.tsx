import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatJapaneseDate } from "@domain/datetime";
import { FormErrors } from "~/components/forms/field-frame";
import { useTexts } from "~/components/texts";
import accountsTexts from "~/locales/ja/accounts.json";
import { unregisterConfirm as unregisterConfirmTitle } from "~/locales/ja/titlesAccounts.json";
import { titleMeta } from "~/meta";
import { unregisterConfirmAction, unregisterConfirmLoader } from "~/routes/__accounts/accounts-settings.server";

export const handle = { i18n: ["common"], screenName: "accounts-settings-unregister-confirm" };

export const meta = titleMeta(unregisterConfirmTitle);

export const loader = unregisterConfirmLoader;

export const action = unregisterConfirmAction;

export default function UnregisterConfirmPage() {
  const { t } = useTexts({ accounts: accountsTexts, titles: { unregisterConfirm: unregisterConfirmTitle } });
  const { planName, version, withdrawalDate, retainedUntil } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const consequences = t("accounts.unregister.consequences", { returnObjects: true }) as string[];
  return (
    <>
      <h1>{t("titles.unregisterConfirm")}</h1>
      <FormErrors id="unregister-errors" errors={refused?.errors} />
      <section className="card">
        <p>
          <strong>{planName}</strong>
        </p>
        <p>{t("accounts.unregister.lead", { date: formatJapaneseDate(withdrawalDate) })}</p>
        <ul>
          {consequences.map((line) => (
            <li key={line}>{line.replace("{{retained}}", formatJapaneseDate(retainedUntil))}</li>
          ))}
        </ul>
      </section>
      {/* The safe choice comes first. */}
      <Form method="post" className="confirm__buttons">
        <Link to="/accounts/settings" className="button button--secondary" prefetch="none">
          {t("accounts.unregister.cancel")}
        </Link>{" "}
        <input type="hidden" name="version" value={version} />
        <button type="submit" className="button button--danger">
          {t("accounts.unregister.submit")}
        </button>
      </Form>
    </>
  );
}
