import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SupportLinks } from "~/routes/__support/SupportLinks";
import type { Locale } from "~/i18n";
import { titleMeta } from "~/meta";
import { faq as faqTitle } from "~/locales/ja/titlesPages.json";
import { getFaq } from "~/routes/__support/content.server";
import { remixI18next } from "~/services/i18n.server";

export const handle = { i18n: ["common"], screenName: "support-faq" };

export const meta = titleMeta(faqTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  return getFaq((await remixI18next.getLocale(request)) as Locale);
}

export default function FaqPage() {
  const faq = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{faq.heading}</h1>
      <p>{faq.lead}</p>
      <dl className="faq card">
        {faq.items.map((item) => (
          <div key={item.q}>
            <dt>{item.q}</dt>
            <dd>{item.a}</dd>
          </div>
        ))}
      </dl>
      <SupportLinks />
    </>
  );
}
