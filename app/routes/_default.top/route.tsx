import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { TopSummary } from "~/routes/_default.top/TopSummary";
import { useTexts } from "~/components/texts";
import navTexts from "~/locales/ja/nav.json";
import topTexts from "~/locales/ja/top.json";
import type { NavLabelKey } from "~/components/navigation/navigation";
import { titleMeta } from "~/meta";
import { top as topTitle } from "~/locales/ja/titles.json";
import { topLoader } from "~/routes/_default.top/top.server";
import type { loader as defaultLayoutLoader } from "../_default/route";
import type { RouteHandle } from "~/route-handle";

export const handle = { i18n: ["common"], screenName: "top", hydrate: false } satisfies RouteHandle;

export const meta = titleMeta(topTitle);

export const loader = (args: LoaderFunctionArgs) => topLoader(args);

/** A shortcut to a page the side menu also lists, under the same label. */
type Shortcut = { label: NavLabelKey; to: string };

const ISSUE_LINKS: readonly Shortcut[] = [
  { label: "estimates", to: "/estimates/list" },
  { label: "deliverySlips", to: "/delivery-slips/list" },
  { label: "invoices", to: "/invoices/list" },
  { label: "receipts", to: "/receipts" },
];

const SETUP_LINKS: readonly Shortcut[] = [
  { label: "companies", to: "/companies/list" },
  { label: "customers", to: "/customers/list" },
  { label: "items", to: "/items/list" },
  { label: "documentSettings", to: "/settings/documents" },
];

function ShortcutGrid({ shortcuts }: { shortcuts: readonly Shortcut[] }) {
  const { t } = useTexts({ nav: navTexts, top: topTexts });
  return (
    <ul className="link-grid">
      {shortcuts.map((item) => (
        <li key={item.to}>
          <Link to={item.to} prefetch="none">
            {t(`nav.${item.label}`)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default function TopPage() {
  const { t } = useTexts({ nav: navTexts, top: topTexts });
  const layout = useRouteLoaderData<typeof defaultLayoutLoader>("routes/_default");
  const user = layout?.user;
  return (
    <>
      <h1>
        {t("top.greeting", {
          companyName: user?.companyName ?? "",
          lastName: user?.lastName ?? "",
          firstName: user?.firstName ?? "",
        })}
      </h1>
      <TopSummary summary={useLoaderData<typeof loader>()} />
      <h2>{t("top.issueHeading")}</h2>
      <ShortcutGrid shortcuts={ISSUE_LINKS} />
      <h2>{t("top.settingsHeading")}</h2>
      <ShortcutGrid shortcuts={SETUP_LINKS} />
    </>
  );
}
