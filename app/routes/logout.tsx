import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { remixI18next } from "~/services/i18n.server";
import { SIGN_IN_PATH } from "~/services/route-checks.server";
import { endSession, noticeOnlySession } from "~/services/session.server";

/** Sign-out ends the session's token and replaces the session with one that holds nothing but the notice saying so. */
export async function action({ request, context }: ActionFunctionArgs) {
  await endSession(request, context.traceId);
  const t = await remixI18next.getFixedT(request);
  return redirect(SIGN_IN_PATH, { headers: { "Set-Cookie": await noticeOnlySession("success", t("signIn.signedOut")) } });
}

export function loader() {
  return redirect(SIGN_IN_PATH);
}
