import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TermsDocument } from "~/routes/__terms/TermsDocument";
import { titleMeta } from "~/meta";
import { cookiePolicy as cookiePolicyTitle } from "~/locales/ja/titlesPages.json";
import { requireCompanyCaller } from "~/services/api-caller.server";
import { cookiePolicy } from "~/routes/__terms/terms.server";

export const handle = { i18n: ["common"], screenName: "cookie-policy" };

export const meta = titleMeta(cookiePolicyTitle);

/** The 404 page while no cookie policy is recorded (the API's 404); the side menu then has no link here. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "cookie-policy");
  return { terms: await cookiePolicy(caller) };
}

export default function CookiePolicyPage() {
  const { terms } = useLoaderData<typeof loader>();
  return <TermsDocument terms={terms} />;
}
