import { Link } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import errorsTexts from "~/locales/ja/errors.json";
import { formatDateTimeJst } from "@domain/datetime";
import type { ErrorScreen as ErrorScreenModel } from "./error-model";

/** The screen's words: its heading is the page's title (given by the boundary, which has the titles for its meta) but during maintenance. */
function useErrorText(screen: ErrorScreenModel, title: string): { heading: string; body: string } {
  const { t } = useTexts({ errors: errorsTexts });
  switch (screen.kind) {
    case "maintenance":
      return { heading: t("errors.maintenance.heading"), body: t("errors.maintenance.body") };
    case "forbidden":
      return { heading: title, body: t(`errors.forbidden.${screen.variant}`) };
    case "unauthorized":
      return { heading: title, body: t("errors.unauthorized") };
    case "notFound":
      return { heading: title, body: t("errors.notFound") };
    case "refused":
      return { heading: title, body: screen.detail };
    case "unavailable":
      return { heading: title, body: t("errors.unavailable") };
    case "unexpected":
      return { heading: title, body: t("errors.unexpected") };
  }
}

/** The screens of SPEC §2/§8: maintenance, forbidden with its variants, and the general error page. */
export function ErrorScreen({
  screen,
  title,
  contactFormUrl,
  showTopLink,
}: {
  screen: ErrorScreenModel;
  /** The page's title for this screen (titles.json by errorTitleKey). */
  title: string;
  contactFormUrl: string;
  showTopLink: boolean;
}) {
  const { t } = useTexts({ errors: errorsTexts });
  const { heading, body } = useErrorText(screen, title);
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
