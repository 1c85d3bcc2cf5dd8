import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { accountVersionInputSchema } from "@domain/account-input";
import { formatJapaneseDate, todayJst } from "@domain/datetime";
import { retainedUntil, withdrawalDateFor } from "@domain/plans";
import { FormErrors } from "~/components/forms/FormErrors";
import { useTexts } from "~/components/texts";
import accountsTexts from "~/locales/ja/accounts.json";
import { unregisterConfirm as unregisterConfirmTitle } from "~/locales/ja/titlesAccounts.json";
import { titleMeta } from "~/meta";
import { getPlanInfo, reserveCancellation, userAfterPlanChange } from "~/services/accounts.server";
import { requireOwnerCaller } from "~/services/api-caller.server";
import { PaymentApiValidationError } from "~/services/payment-api.server";
import { readFormData } from "~/services/read-form.server";
import { getSession, getSessionStorage } from "~/services/session.server";

const SCREEN_NAME = "accounts-settings-unregister-confirm";

export const handle = { i18n: ["common"], screenName: SCREEN_NAME };

export const meta = titleMeta(unregisterConfirmTitle);

/** The confirmation of SPEC §2's unregister flow: what ends when, and what is kept. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireOwnerCaller(request, context, SCREEN_NAME);
  const plan = await getPlanInfo(caller);
  if (plan.status === "cancellation_pending" || plan.status === "ended") throw redirect("/accounts/settings/unregister/reserved");
  const withdrawalDate = withdrawalDateFor(todayJst());
  return { planName: plan.plan_name, version: plan.version, withdrawalDate, retainedUntil: retainedUntil(withdrawalDate) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, caller } = await requireOwnerCaller(request, context, SCREEN_NAME);
  const parsed = accountVersionInputSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return data({ errors: ["もう一度お試しください。"] }, { status: 400 });
  try {
    await reserveCancellation(caller, parsed.data.version);
  } catch (error) {
    if (error instanceof PaymentApiValidationError) return data({ errors: [error.message] }, { status: error.status });
    throw error;
  }
  const session = await getSession(request);
  session.set("user", await userAfterPlanChange(caller, user));
  return redirect("/accounts/settings/unregister/reserved", { headers: { "Set-Cookie": await getSessionStorage().commitSession(session) } });
}

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
