import { Link } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import errorsTexts from "~/locales/ja/errors.json";
import { error, forbidden, notFound, unauthorized } from "~/locales/ja/titles.json";
import { formatDateTimeJst } from "@domain/datetime";
import type { ErrorScreen as ErrorScreenModel } from "./error-model";

function useErrorText(screen: ErrorScreenModel): { heading: string; body: string } {
  const { t } = useTexts({ errors: errorsTexts, titles: { error, forbidden, notFound, unauthorized } });
  switch (screen.kind) {
    case "maintenance":
      return { heading: t("errors.maintenance.heading"), body: t("errors.maintenance.body") };
    case "forbidden":
      return { heading: t("titles.forbidden"), body: t(`errors.forbidden.${screen.variant}`) };
    case "unauthorized":
      return { heading: t("titles.unauthorized"), body: t("errors.unauthorized") };
    case "notFound":
      return { heading: t("titles.notFound"), body: t("errors.notFound") };
    case "refused":
      return { heading: t("titles.error"), body: screen.detail };
    case "unavailable":
      return { heading: t("titles.error"), body: t("errors.unavailable") };
    case "unexpected":
      return { heading: t("titles.error"), body: t("errors.unexpected") };
  }
}

/** The screens of SPEC §2/§8: maintenance, forbidden with its variants, and the general error page. */
export function ErrorScreen({
  screen,
  contactFormUrl,
  showTopLink,
}: {
  screen: ErrorScreenModel;
  contactFormUrl: string;
  showTopLink: boolean;
}) {
  const { t } = useTexts({ errors: errorsTexts, titles: { error, forbidden, notFound, unauthorized } });
  const { heading, body } = useErrorText(screen);
  return (
    <section className="error-screen" data-status={screen.status} data-kind={screen.kind}>
      <h1 className="error-screen__heading">{heading}</h1>
      <p className="error-screen__body">{body}</p>
      {screen.kind === "maintenance" ? (
        <p className="error-screen__window" data-testid="maintenance-window">
          {t("errors.maintenance.window", {
            start: formatDateTimeJst(screen.start),
            end: formatDateTimeJst(screen.end),
          })}
        </p>
      ) : null}
      {screen.kind === "notFound" && screen.detail ? (
        <p className="error-screen__detail" data-testid="error-detail">
          {screen.detail}
        </p>
      ) : null}
      {screen.kind === "forbidden" && screen.variant === "receivePlanRequired" ? (
        <p>
          <Link to="/accounts/register/addplan" prefetch="none" className="button" data-testid="addplan-link">
            {t("errors.addPlan")}
          </Link>
        </p>
      ) : null}
      <p className="error-screen__status">{t("errors.status", { status: screen.status })}</p>
      <p className="error-screen__contact">
        {t("errors.contactLead")}{" "}
        <a href={contactFormUrl} data-testid="contact-link">
          {t("errors.contact")}
        </a>
      </p>
      {showTopLink ? (
        <p>
          <Link to="/top" prefetch="none">
            {t("errors.backToTop")}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
