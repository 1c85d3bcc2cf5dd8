import { Link } from "@remix-run/react";
import { formatJapaneseDate } from "@domain/datetime";
import { useTexts } from "~/components/texts";
import layoutTexts from "~/locales/ja/layout.json";

/** A cancelled service: still running until its last day, or ended (ADR 022). */
export type ServiceEnd = { state: "pending" | "ended"; date: string };

export function serviceEndOf(user: { withdrawalDate: string | null }, today: string): ServiceEnd | null {
  if (!user.withdrawalDate) return null;
  return { state: today > user.withdrawalDate ? "ended" : "pending", date: user.withdrawalDate };
}

/** Said on every company page, so nobody is surprised by the end of the service or by a refused change after it. */
export function ServiceEndBanner({ service, owner }: { service: ServiceEnd; owner: boolean }) {
  const { t } = useTexts({ layout: layoutTexts });
  return (
    <p className={`service-banner service-banner--${service.state}`} role="note" data-testid="service-banner">
      {t(`layout.serviceEnd.${service.state}`, { date: formatJapaneseDate(service.date) })}
      {owner ? (
        <>
          {" "}
          <Link to="/accounts/settings" prefetch="none">
            {t("layout.serviceEnd.settings")}
          </Link>
        </>
      ) : null}
    </p>
  );
}
