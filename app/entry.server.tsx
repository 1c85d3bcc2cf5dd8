import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { createInstance } from "i18next";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { NonceProvider } from "~/components/nonce";
import { i18nConfig, resources } from "~/i18n";
import { remixI18next } from "~/services/i18n.server";
import { getLogger } from "~/services/logger.server";

/** How long a streamed response may wait for deferred data. */
export const streamTimeout = 5000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    ...i18nConfig,
    lng: await remixI18next.getLocale(request),
    ns: remixI18next.getRouteNamespaces(remixContext),
    resources,
  });

  // Bots and no-JavaScript clients get the whole document at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get("user-agent")) ? "onAllReady" : "onShellReady";
  const nonce = loadContext.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.log.error({ err: error }, "render error");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/** Logs what a loader or action threw, unless the client simply went away. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const log = (context as Partial<AppLoadContext>).log ?? getLogger();
  log.error({ err: error }, "unhandled error in a loader or action");
};
