import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import viewPdfTexts from "~/locales/ja/viewPdf.json";
import { formatJapaneseDate, formatJapaneseDateTime } from "@domain/datetime";
import { titleMeta } from "~/meta";
import { viewPdf as viewPdfTitle } from "~/locales/ja/titlesPages.json";
import { publicMail, recordMailOpened } from "~/routes/__mail/mails.server";
import { remixI18next } from "~/services/i18n.server";
import { transportOf } from "~/services/payment-api.server";
import { getUser } from "~/services/session.server";

export const handle = { i18n: ["common"], screenName: "view-pdf" };

export const meta = titleMeta(viewPdfTitle);

/**
 * What a recipient's link opens, without sign-in. An open is recorded unless
 * the visitor is signed in to the sending company: the sender's preview is
 * not the customer reading it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  // Without a token there is no link to check: the page says so rather than asking the API.
  if (!token) return data({ refused: (await remixI18next.getFixedT(request))("viewPdf.noLink"), mail: null, token: "", preview: false }, { status: 404 });
  const found = await publicMail(token, transportOf(context));
  if (!found.ok) return data({ refused: found.message, mail: null, token: "", preview: false }, { status: found.status });
  const user = await getUser(request);
  const preview = user !== null && user.companyUniqueCode === found.mail.company_unique_code;
  if (!preview) await recordMailOpened(token, transportOf(context));
  return data({ refused: null, mail: found.mail, token, preview }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function ViewPdfPage() {
  const { refused, mail, token, preview } = useLoaderData<typeof loader>();
  const { t } = useTexts({ viewPdf: viewPdfTexts });
  if (!mail) {
    return (
      <>
        <h1>{t("viewPdf.refused")}</h1>
        <p role="alert">{refused}</p>
      </>
    );
  }
  return (
    <>
      <h1>{t("viewPdf.title", { title: mail.document.title, number: mail.document.number })}</h1>
      {preview ? <p className="notice-inline">{t("viewPdf.preview")}</p> : null}
      {mail.voided_at ? (
        <p className="card form-errors" role="alert">
          {t("viewPdf.voided", { date: formatJapaneseDate(mail.voided_at) })}
        </p>
      ) : null}
      <p>{t("viewPdf.from", { issuer: mail.document.issuer })}</p>
      <p>{t("viewPdf.to", { recipient: mail.document.recipient })}</p>
      <p>{t("viewPdf.issueDate", { date: formatJapaneseDate(mail.document.issue_date) })}</p>
      <p>
        <a className="button" href={`/view-pdf/file?token=${encodeURIComponent(token)}`}>
          {t("viewPdf.open")}
        </a>
      </p>
      <p className="field__hint">{t("viewPdf.expires", { at: formatJapaneseDateTime(mail.expires_at) })}</p>
    </>
  );
}
