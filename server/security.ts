import { randomBytes } from "node:crypto";
import type { RequestHandler, Response } from "express";
import helmet from "helmet";

export function cspNonceOf(res: Response): string {
  return res.locals.cspNonce as string;
}

/** A fresh nonce per response, for the inline scripts Remix writes into each page. */
export const assignCspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
};

/** The received files the snapshot page shows beside their record (app/routes/receive.files.$id.$fileId/route.tsx). */
const OWN_FRAMED_PATH = /^\/receive\/files\/[^/]+\/[^/?]+(?:\?|$)/;

function framedByOwnPages(url: string): boolean {
  return OWN_FRAMED_PATH.test(url);
}

/**
 * Security headers. Scripts run only from this origin or with this response's
 * nonce; nothing may frame the product; no referrer leaves it (signed links
 * to documents travel in URLs). Not `no-referrer`: under it browsers send
 * `Origin: null` with form posts, and the Origin check refuses every form
 * submitted without JavaScript.
 */
export function securityHeaders({ formTargets = [] }: { formTargets?: string[] } = {}): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${cspNonceOf(res as Response)}'`],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // Chromium applies form-action to the redirect after a post too: the sign-in form ends at the bank's provider.
        formAction: ["'self'", ...formTargets],
        // A received document's file is framed by its own snapshot page; nothing else may be framed, by anyone.
        frameAncestors: [(req) => (framedByOwnPages(req.url ?? "") ? "'self'" : "'none'")],
      },
    },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "same-origin" },
    // TLS ends at the bank's proxy, which owns HSTS; sending it from here would pin hosts we do not control.
    strictTransportSecurity: false,
  });
}

/**
 * A signed-in page shows a company's data: no shared or browser cache may
 * keep it (a bank terminal is often shared). Responses that chose their own
 * caching (a logo, say) keep it.
 */
export const noStoreWhenSignedIn: RequestHandler = (req, res, next) => {
  if (/(?:^|;\s*)__session=/.test(req.headers.cookie ?? "")) {
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "no-store");
      return writeHead.apply(this, args);
    } as typeof writeHead;
  }
  next();
};
