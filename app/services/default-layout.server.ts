import type { LoaderFunctionArgs } from "@remix-run/node";
import { formatJapaneseDate, todayJst } from "@domain/datetime";
import type { TFunction } from "~/components/texts";
import type { ServiceEnd } from "~/components/layout/ServiceEndBanner";
import type { common } from "~/locales/ja";
import { fixedTextsFor } from "./fixed-texts.server";
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
  const [receiveEnabled, t] = await Promise.all([bankReceiveEnabled(request, session, context), fixedTextsFor<TFunction<Pick<typeof common, "layout">>>(request)]);
  const user = { ...session, receiveEnabled };
  return { user, service: serviceEndOf(t, user, todayJst()) };
}
