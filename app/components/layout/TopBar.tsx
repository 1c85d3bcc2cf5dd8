import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTexts } from "~/components/texts";
import layoutTexts from "~/locales/ja/layout.json";
import productTexts from "~/locales/ja/product.json";

/** The bar across the top of every layout with chrome; `start` holds the menu button where there is one. */
export function TopBar({ start, end, home = "/top" }: { start?: ReactNode; end?: ReactNode; home?: string }) {
  const { t } = useTexts({ layout: layoutTexts, product: productTexts });
  return (
    <header className="top-bar">
      {start}
      <Link to={home} className="top-bar__brand" prefetch="none">
        {t("product.name")}
      </Link>
      {end ? <div className="top-bar__end">{end}</div> : null}
    </header>
  );
}

/** Sign-out as a form post, so it works without JavaScript and cannot be triggered by a link. */
export function SignOutButton() {
  const { t } = useTexts({ layout: layoutTexts, product: productTexts });
  return (
    <Form method="post" action="/logout" reloadDocument className="top-bar__sign-out">
      <button type="submit" className="top-bar__button">
        {t("layout.signOut")}
      </button>
    </Form>
  );
}

export function SkipLink() {
  const { t } = useTexts({ layout: layoutTexts, product: productTexts });
  return (
    <a href="#main" className="skip-link">
      {t("layout.skipToContent")}
    </a>
  );
}
