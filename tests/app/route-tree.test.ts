import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
// The flat-routes reader alone: the package's index would load Vite too.
import { flatRoutes } from "@remix-run/dev/dist/config/flat-routes.js";
import type { RouteManifest } from "@remix-run/dev/dist/config/routes.js";
import { describe, expect, it } from "vitest";
import remixConfig from "../../remix.config.js";

/**
 * The shape of the route tree, as the classic compiler reads app/routes. Two habits of Remix that a page only shows in a
 * browser: a form posted to an index route is sent to ?index (so a refused post, answered in place with 400, stays at
 * /page?index, with JavaScript and without), and a route nested under a page that renders no <Outlet> never shows.
 */

const appDirectory = fileURLToPath(new URL("../../app", import.meta.url));
const manifest: RouteManifest = flatRoutes(appDirectory, remixConfig.ignoredRouteFiles);
const routes = Object.values(manifest);
const sourceOf = (file: string) => readFileSync(path.join(appDirectory, file), "utf8");
const hasAction = (file: string) => /export\s+(const|async\s+function|function)\s+action\b/.test(sourceOf(file));

/** The URL a route answers, from its own path and its parents'. */
function urlOf(id: string): string {
  const segments: string[] = [];
  for (let route = manifest[id]; route; route = route.parentId ? manifest[route.parentId] : undefined) if (route.path) segments.unshift(route.path);
  return `/${segments.join("/")}`;
}

/** The leaf route answering a URL without parameters. */
const routeAt = (url: string) => routes.find((route) => urlOf(route.id) === url && !routes.some((child) => child.parentId === route.id && child.index));

/**
 * Index routes whose action never answers in place: it always redirects, dropping ?index from the address it goes back
 * to (the document list's bulk status change; the received invoices' 「アクセスポイントから受け取る」, which says on the
 * list what arrived and what was left).
 */
const REDIRECT_ONLY_INDEX_ACTIONS = ["routes/_default.receipts._index", "routes/_default.receive.invoices._index"];

describe("the route tree", () => {
  it("has no index route whose form can be refused in place, which would leave the address at ?index (issue 33)", () => {
    const indexWithAction = routes.filter((route) => route.index && hasAction(route.file)).map((route) => route.id);
    expect(indexWithAction.filter((id) => !REDIRECT_ONLY_INDEX_ACTIONS.includes(id))).toEqual([]);
  });

  it.each(["/accounts/settings", "/billing/payments", "/billing/recurring", "/admin/bank-setting/detail/:bankCode"])(
    "answers %s's form at its own address: the page is the route itself, not an index route (issue 33)",
    (url) => {
      const route = routeAt(url);
      expect(route, url).toBeDefined();
      expect(route!.index).toBeFalsy();
      expect(hasAction(route!.file)).toBe(true);
    },
  );

  it("nests routes only under a route that renders an <Outlet>", () => {
    const parents = new Set(routes.map((route) => route.parentId).filter((id): id is string => id !== undefined && id !== "root"));
    const withoutOutlet = [...parents].filter((id) => !sourceOf(manifest[id]!.file).includes("<Outlet"));
    expect(withoutOutlet).toEqual([]);
  });

  it("keeps the pages that sat under the renamed ones at their addresses", () => {
    for (const url of [
      "/accounts/settings/unregister/confirm",
      "/accounts/settings/unregister/reserved",
      "/billing/payments/statements/:id",
      "/billing/payments/unmatched",
      "/billing/recurring/:id",
      "/billing/recurring/create",
      "/admin/bank-setting/detail/:bankCode/free-trial-reservation/:id",
      "/admin/bank-setting/detail/:bankCode/free-trial-reservation/create",
    ]) {
      expect(routeAt(url), url).toBeDefined();
    }
  });
});
