import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { ADMIN_LANDING, DEFAULT_LANDING } from "@domain/return-path";
import { SIGN_IN_PATH } from "~/services/route-checks.server";
import { getUser } from "~/services/session.server";
import { isAdmin } from "~/session-user";

/** `/`: signed-in company users go to TOP, bank staff to their admin area, others to sign-in. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (!user) throw redirect(SIGN_IN_PATH);
  throw redirect(isAdmin(user) ? ADMIN_LANDING : DEFAULT_LANDING);
}
