import type { NextFunction, Request, RequestHandler, Response, Router } from "express";

type Layer = { route?: { path: unknown } };

/** A path's first segment as Express compares it (case-insensitively, its default): "/documents/12/page" → "documents". */
const firstSegment = (path: string) => path.split("/", 2)[1]!.toLowerCase();

/** The first segments of the router's routes, or null when one cannot be known (a middleware of its own, a pattern). */
function routeSegments(router: Router): Set<string> | null {
  const segments = new Set<string>();
  for (const layer of router.stack as Layer[]) {
    if (!layer.route) return null;
    const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
    for (const path of paths) {
      if (typeof path !== "string" || !path.startsWith("/")) return null;
      const segment = firstSegment(path);
      if (/[:*?(]/.test(segment)) return null;
      segments.add(segment);
    }
  }
  return segments;
}

/**
 * The router, entered only by a request whose path begins with one of its routes' first segments. Express tries every
 * route of every router in turn: the Payment API has 30 routers, and each call went through most of them (ADR 020,
 * "Server cost per page"). A router whose routes cannot be read so (a middleware of its own, a pattern) is always
 * entered; the segments are read on the first request, when every route has been added.
 */
export function enteredBySegment(router: Router): RequestHandler {
  let segments: Set<string> | null | undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    if (segments === undefined) segments = routeSegments(router);
    if (segments === null || segments.has(firstSegment(req.path))) router(req, res, next);
    else next();
  };
}
