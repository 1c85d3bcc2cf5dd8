import type { LoaderFunctionArgs } from "@remix-run/node";
import { todayJst } from "@domain/datetime";
import { serviceEndOf } from "~/components/layout/ServiceEndBanner";
import { bankReceiveEnabled, requireCompanyUser } from "./route-checks.server";

/** The company pages' layout loader; apart from _default.tsx for the reason given in root-loader.server.ts. */
export async function defaultLayoutLoader({ request, context }: LoaderFunctionArgs) {
  const session = await requireCompanyUser(request);
  // The receive menu follows the bank's setting now, not the one read at sign-in.
  const user = { ...session, receiveEnabled: await bankReceiveEnabled(request, session, context) };
  return { user, service: serviceEndOf(user, todayJst()) };
}
