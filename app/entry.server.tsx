import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import type { ReactElement } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { NonceProvider } from "~/components/nonce";
import { RenderedHtmlProvider } from "~/components/server-html";
import { ServerTextsProvider } from "~/components/texts";
import type { Locale } from "~/i18n";
import { pageHydrates } from "~/route-handle";
import { fizzBody } from "~/services/fizz-body.server";
import { textsForLocale } from "~/services/fixed-texts.server";
import { remixI18next } from "~/services/i18n.server";
import { getLogger } from "~/services/logger.server";
import { getUser } from "~/services/session.server";
import { errorReporter } from "../server/error-reporting";

/** How long a streamed response may wait for deferred data. */
export const streamTimeout = 5000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const texts = textsForLocale((await remixI18next.getLocale(request)) as Locale);
  const nonce = loadContext.cspNonce;
  const page = (
    <NonceProvider value={nonce}>
      <ServerTextsProvider t={texts}>
        <RenderedHtmlProvider value={loadContext.renderedHtml ?? null}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </RenderedHtmlProvider>
      </ServerTextsProvider>
    </NonceProvider>
  );
  const { matches } = remixContext.staticHandlerContext;
  if (!pageHydrates(matches.map((match) => ({ handle: remixContext.routeModules[match.route.id]?.handle })))) {
    return wholePage(page, responseStatusCode, responseHeaders);
  }

  // Bots and no-JavaScript clients get the whole document at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get("user-agent")) ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let markAllReady!: () => void;
    const allReady = new Promise<void>((resolveAllReady) => (markAllReady = resolveAllReady));
    const respond = () => {
      shellRendered = true;
      const body = fizzBody(allReady);
      body.once("finish", () => clearTimeout(abortTimer));
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(body);
    };
    // Aborts a render still waiting for deferred data; cleared once React has written the whole page, since a pending
    // timer keeps the request's render, data and response alive until it fires (under load, most of the heap's growth).
    const abortTimer = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      page,
      {
        nonce,
        onShellReady() {
          if (readyEvent === "onShellReady") respond();
        },
        onAllReady() {
          markAllReady();
          if (readyEvent === "onAllReady") respond();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.log.error({ err: error }, "render error");
        },
      },
    );
  });
}

/**
 * A page served without scripts (ADR 020) as one string: nothing of it could come later (no deferred data, no script
 * to receive it), and rendering to a string spares the stream's encoding of each chunk, about a third of the render of
 * a 50-row list (ADR 020, "Server cost per page"). Such pages have no Suspense boundary; an error in the render is the
 * whole response's error, as a shell error is.
 */
function wholePage(page: ReactElement, status: number, headers: Headers): Response {
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${renderToString(page)}`, { headers, status });
}

/** Logs and reports what a loader or action threw, unless the client simply went away. (Thrown responses — 401, 404, maintenance — never come here.) */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const { log = getLogger(), traceId } = context as Partial<AppLoadContext>;
  log.error({ err: error }, "unhandled error in a loader or action");
  const reporter = errorReporter();
  if (reporter) void getUser(request).then((user) => reporter.report(error, { source: "server", traceId, userType: user?.userType, bankCode: user?.bankCode }));
};
