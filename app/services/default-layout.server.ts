import type { LoaderFunctionArgs } from "@remix-run/node";
import { todayJst } from "@domain/datetime";
import { serviceEndOf } from "~/components/layout/ServiceEndBanner";
import { requireCompanyUser } from "./route-checks.server";

/** The company pages' layout loader; apart from _default.tsx for the reason given in root-loader.server.ts. */
export async function defaultLayoutLoader({ request }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request);
  return { user, service: serviceEndOf(user, todayJst()) };
}
