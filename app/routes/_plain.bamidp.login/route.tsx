import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import signInTexts from "~/locales/ja/signIn.json";
import { safeReturnPath } from "@domain/return-path";
import { titleMeta } from "~/meta";
import { signIn as signInTitle } from "~/locales/ja/titlesPages.json";
import { FormErrors } from "~/components/forms/field-frame";
import { authenticate, providerForBank, signInCookie } from "~/services/auth.server";
import { remixI18next } from "~/services/i18n.server";
import { getUser } from "~/services/session.server";

export const handle = { i18n: ["common"], screenName: "bamidp-login" };

export const meta = titleMeta(signInTitle);

const bankCodeOf = (value: FormDataEntryValue | string | null) => (typeof value === "string" && /^\d{4}$/.test(value) ? value : null);

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const returnTo = safeReturnPath(url.searchParams.get("redirectTo"));
  if (await getUser(request)) throw redirect(returnTo);
  return { bankCode: bankCodeOf(url.searchParams.get("bank_code")), returnTo };
}

/**
 * Starts the code flow at the identity provider of the user's bank. The
 * provider's redirect is a full-page one, and the cookie remembers the
 * provider and the page to return to.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  // A post with no form in it (an empty body, another content type) gets the page back with a message, not the 500 page.
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  if (!form) return data({ message: (await remixI18next.getFixedT(request))("signIn.unreadable") }, { status: 400 });
  const provider = providerForBank(bankCodeOf(form.get("bank_code")));
  const state = { provider, returnTo: safeReturnPath(String(form.get("redirectTo") ?? "")) };
  try {
    await authenticate(provider, request, context.traceId);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    const headers = new Headers(thrown.headers);
    headers.append("Set-Cookie", await signInCookie().serialize(state));
    return new Response(null, { status: thrown.status, headers });
  }
  throw new Error("the sign-in flow did not redirect to the identity provider");
}

export default function SignInPage() {
  const { t } = useTexts({ signIn: signInTexts });
  const { bankCode, returnTo } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <section className="card">
      <h1>{t("signIn.heading")}</h1>
      <p>{t("signIn.lead")}</p>
      <FormErrors id="sign-in-errors" errors={refused ? [refused.message] : undefined} />
      {/* A document submission: the identity provider's pages are not part of this app. */}
      <Form method="post" reloadDocument>
        {bankCode ? <input type="hidden" name="bank_code" value={bankCode} /> : null}
        <input type="hidden" name="redirectTo" value={returnTo} />
        <button type="submit" className="button">
          {t("signIn.submit")}
        </button>
      </Form>
    </section>
  );
}
