import { Link } from "@remix-run/react";

/**
 * A cancelled service: still running until its last day, or ended (ADR 022). The layout's loader words it
 * (default-layout.server.ts), so every page's JavaScript carries neither the date's formatting nor these texts.
 */
export type ServiceEnd = { state: "pending" | "ended"; text: string; settings: string };

/** Said on every company page, so nobody is surprised by the end of the service or by a refused change after it. */
export function ServiceEndBanner({ service, owner }: { service: ServiceEnd; owner: boolean }) {
  return (
    <p className={`service-banner service-banner--${service.state}`} role="note" data-testid="service-banner">
      {service.text}
      {owner ? (
        <>
          {" "}
          <Link to="/accounts/settings" prefetch="none">
            {service.settings}
          </Link>
        </>
      ) : null}
    </p>
  );
}
