import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { i18nConfig } from "~/i18n";
import { getConfig } from "./config.server";
import { remixI18next } from "./i18n.server";
import { takePendingSubmission } from "./pending-submission.server";
import { sessionOnPageLoad, getUser } from "./session.server";

/**
 * The root route's loader. Apart from root.tsx so that the route module imports
 * one server module of its own: the compiler leaves an empty stand-in for each
 * server module a route imports, and stand-ins shared with other routes became
 * chunks of their own, fetched by every page.
 */
export async function rootLoader({ request }: LoaderFunctionArgs) {
  const [locale, user, { notice, setCookie }, pending] = await Promise.all([
    remixI18next.getLocale(request),
    getUser(request),
    sessionOnPageLoad(request),
    takePendingSubmission(request),
  ]);
  const { contactFormUrl } = getConfig();
  const headers = new Headers();
  for (const cookie of [setCookie, pending.setCookie]) if (cookie) headers.append("Set-Cookie", cookie);
  return data(
    {
      locale: locale as typeof i18nConfig.fallbackLng,
      user,
      notice,
      /** A form's input kept when it was posted after the sign-in expired (shown once). */
      restoredForm: pending.fields,
      contactFormUrl:
        user && user.paymentRole !== null ? contactFormUrl.withPaymentUser : contactFormUrl.withoutPaymentUser,
    },
    { headers },
  );
}
