import type { LoaderFunctionArgs } from "@remix-run/node";
import { formatJapaneseDate, todayJst } from "@domain/datetime";
import type { TFunction } from "~/components/texts";
import type { ServiceEnd } from "~/components/layout/ServiceEndBanner";
import { companyMenuHtml } from "~/components/navigation/menu-html.server";
import type { NavTexts } from "~/components/navigation/navigation";
import type { common } from "~/locales/ja";
import { fixedTextsFor } from "./fixed-texts.server";
import { htmlOnce } from "./html-once.server";
import { bankReceiveEnabled, requireCompanyUser } from "./route-checks.server";

/** A cancelled service's banner in words: still running until its last day, or ended (ADR 022). */
function serviceEndOf(t: TFunction<Pick<typeof common, "layout">>, user: { withdrawalDate: string | null }, today: string): ServiceEnd | null {
  if (!user.withdrawalDate) return null;
  const state = today > user.withdrawalDate ? "ended" : "pending";
  return { state, text: t(`layout.serviceEnd.${state}`, { date: formatJapaneseDate(user.withdrawalDate) }), settings: t("layout.serviceEnd.settings") };
}

/** The company pages' layout loader; apart from _default.tsx for the reason given in root-loader.server.ts. */
export async function defaultLayoutLoader({ request, context }: LoaderFunctionArgs) {
  const session = await requireCompanyUser(request);
  // The receive menu follows the bank's setting now, not the one read at sign-in.
  const [receiveEnabled, t, navTexts] = await Promise.all([
    bankReceiveEnabled(request, session, context),
    fixedTextsFor<TFunction<Pick<typeof common, "layout">>>(request),
    fixedTextsFor<NavTexts>(request),
  ]);
  const user = { ...session, receiveEnabled };
  // The menu as HTML, sent once (ADR 020): a page's JavaScript carries neither its rules, nor its texts, nor its entries.
  const menu = htmlOnce(context, "menu", companyMenuHtml(user, navTexts, new URL(request.url).pathname));
  return { user, menu, service: serviceEndOf(t, user, todayJst()) };
}
