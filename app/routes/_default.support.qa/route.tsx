import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { SupportLinks } from "~/routes/__support/SupportLinks";
import { useTexts } from "~/components/texts";
import supportTexts from "~/locales/ja/support.json";
import { qa as qaTitle } from "~/locales/ja/titlesPages.json";
import type { Locale } from "~/i18n";
import { titleMeta } from "~/meta";
import type { loader as rootLoader } from "~/root";
import { qaQueryOf, searchQa } from "~/routes/__support/content.server";
import { remixI18next } from "~/services/i18n.server";
import { requireCompanyUser } from "~/services/route-checks.server";

export const handle = { i18n: ["common"], screenName: "support-qa" };

export const meta = titleMeta(qaTitle);

const PATH = "/support/qa";

/** Searched here, not in the browser: a GET form, so it works without JavaScript and the result is a URL to share. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireCompanyUser(request);
  const locale = (await remixI18next.getLocale(request)) as Locale;
  return searchQa(locale, qaQueryOf(new URL(request.url), locale));
}

export default function QaPage() {
  const { t } = useTexts({ support: supportTexts, titles: { qa: qaTitle } });
  const { categories, query, total, hitCount, groups } = useLoaderData<typeof loader>();
  // The same contact form as the error screens: it depends on whether the company has a payment user.
  const contactFormUrl = useRouteLoaderData<typeof rootLoader>("root")?.contactFormUrl;
  const filtered = query.q !== "" || query.category !== "";
  const contact = contactFormUrl ? (
    <p>
      {t("support.qa.contactLead")}{" "}
      <a href={contactFormUrl} data-testid="contact-link">
        {t("support.qa.contact")}
      </a>
    </p>
  ) : null;
  return (
    <>
      <h1>{t("titles.qa")}</h1>
      <p>{t("support.qa.lead")}</p>
      <Form method="get" action={PATH} className="card qa-search" role="search" aria-label={t("support.qa.searchName")}>
        <div className="qa-search__row">
          <div className="field">
            <label htmlFor="qa-q">{t("support.qa.keyword")}</label>
            <input id="qa-q" type="search" name="q" defaultValue={query.q} key={query.q} aria-describedby="qa-q-hint" />
          </div>
          <div className="field">
            <label htmlFor="qa-category">{t("support.qa.category")}</label>
            <select id="qa-category" name="category" defaultValue={query.category} key={query.category}>
              <option value="">{t("support.qa.allCategories")}</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button">
            {t("support.qa.search")}
          </button>
        </div>
        <p id="qa-q-hint" className="field__hint">
          {t("support.qa.keywordHint")}
        </p>
      </Form>
      <p className="qa-count" role="status" data-testid="qa-count">
        {filtered ? t("support.qa.hits", { total: hitCount }) : t("support.qa.all", { total })}
        {filtered ? (
          <>
            {" "}
            <Link to={PATH} prefetch="none">
              {t("support.qa.clear")}
            </Link>
          </>
        ) : null}
      </p>
      {hitCount === 0 ? (
        <div className="card" data-testid="qa-no-hits">
          <p>
            <strong>{t("support.qa.noHits")}</strong>
          </p>
          <p>{t("support.qa.noHitsHint")}</p>
          {contact}
        </div>
      ) : (
        <>
          {groups.map((group) => (
            <section key={group.id} className="card" aria-labelledby={`qa-${group.id}`}>
              <h2 id={`qa-${group.id}`}>{group.name}</h2>
              <dl className="faq">
                {group.items.map((item) => (
                  <div key={item.q}>
                    <dt>{item.q}</dt>
                    <dd>{item.a}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
          {contact}
        </>
      )}
      <SupportLinks />
    </>
  );
}
