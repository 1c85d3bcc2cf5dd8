import type { LoaderFunctionArgs } from "@remix-run/node";
import { LayoutSample } from "~/routes/__dev/LayoutSample";
import { titleMeta } from "~/meta";
import { devLayouts as devLayoutsTitle } from "~/locales/ja/titlesPages.json";
import { requireDevRoutes } from "~/services/route-checks.server";

export const meta = titleMeta(devLayoutsTitle);

export function loader({ request }: LoaderFunctionArgs) {
  requireDevRoutes(request);
  return null;
}

export default function SnapshotEmptyLayoutSample() {
  return <LayoutSample layout="snapshot-empty" />;
}
