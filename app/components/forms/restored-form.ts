import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";

/**
 * What this page's form held when it was posted after the sign-in expired,
 * for conform's `defaultValue`: the user gets their input back after signing in.
 */
export function useRestoredForm(): Record<string, string | string[]> | undefined {
  return useRouteLoaderData<typeof rootLoader>("root")?.restoredForm ?? undefined;
}
