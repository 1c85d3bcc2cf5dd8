import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import express, { type Router } from "express";
import inject from "light-my-request";
import type { Logger } from "pino";
import type { PaymentApiTransport } from "~/services/payment-api.server";

/** A body the API can read as it is; anything else (a FormData upload) is serialised by a Request, which sets its multipart type. */
function payloadOf(url: string, init: RequestInit): { payload: string | Buffer | Readable | undefined; streamedType?: string } {
  const { body } = init;
  if (body === undefined || body === null) return { payload: undefined };
  if (typeof body === "string") return { payload: body };
  if (body instanceof Uint8Array) return { payload: Buffer.from(body.buffer, body.byteOffset, body.byteLength) };
  const request = new Request(url, { method: init.method, body, duplex: "half" } as RequestInit);
  return {
    payload: Readable.fromWeb(request.body as NodeReadableStream),
    streamedType: request.headers.get("content-type") ?? "application/octet-stream",
  };
}

/** Express's request or response methods on an object of this app's own, as Express itself makes app.request. */
function ownPrototype<T extends object>(shared: T, app: express.Express): T {
  const methods = Object.defineProperties({}, Object.getOwnPropertyDescriptors(shared));
  return Object.create(methods, { app: { configurable: true, enumerable: true, writable: true, value: app } }) as T;
}

/**
 * The embedded Payment API reached without a network hop: each call is
 * dispatched to the API's own Express handler with Node request and response
 * objects made in memory (light-my-request), so the API sees what it would
 * see over HTTP — method, path, headers, body — and answers with the same
 * status, headers and body, streamed. The host's per-request middleware
 * (logging, security headers, compression) is not paid a second time: the
 * page request that made the call has been through it.
 */
export function inProcessTransport(router: Router, mountPath: string, logger: Logger): PaymentApiTransport {
  const app = express();
  // light-my-request re-parents an Express app's request and response prototypes onto its in-memory
  // ones; by default those are shared by every Express app in the process, the host's real requests included.
  app.request = ownPrototype(express.request, app);
  app.response = ownPrototype(express.response, app);
  // As the host and the stand-alone API server, so the answers carry the same headers.
  app.disable("x-powered-by");
  app.use((req, _res, next) => {
    // The page's trace id reaches the API's logs and error reports, as pino-http would set it.
    const traceId = req.headers["x-request-id"];
    req.id = typeof traceId === "string" ? traceId : "";
    req.log = logger.child({ reqId: req.id });
    next();
  });
  app.use(mountPath, router);

  return async (url, init = {}) => {
    const { pathname, search } = new URL(url);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const { payload, streamedType } = payloadOf(url, init);
    if (streamedType) {
      headers["content-type"] = streamedType;
      // As fetch sends a body of unknown length; without it the API would not see a body at all.
      headers["transfer-encoding"] = "chunked";
    }
    const response = await inject(app, {
      method: init.method ?? "GET",
      url: `${pathname}${search}`,
      headers,
      payload,
      payloadAsStream: true,
      ...(init.signal ? { signal: init.signal } : {}),
    });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const each of Array.isArray(value) ? value : [String(value)]) answerHeaders.append(name, each);
    }
    const bodyless = init.method === "HEAD" || response.statusCode === 204 || response.statusCode === 304;
    const body = bodyless ? null : webStreamOf(response.stream());
    return new Response(body, { status: response.statusCode, statusText: response.statusMessage, headers: answerHeaders });
  };
}

/**
 * The answer as a web stream, read as the caller pulls. Readable.toWeb throws, outside any request, when the caller
 * cancels while the answer still arrives (a loader dropping an answer unread, a browser leaving a download): the
 * process would end. Here a cancel stops the answer and what arrives after it is dropped.
 */
function webStreamOf(readable: Readable): ReadableStream<Uint8Array> {
  let finished = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      readable.on("data", (chunk: Buffer) => {
        if (finished) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) readable.pause();
      });
      readable.on("end", () => {
        if (finished) return;
        finished = true;
        controller.close();
      });
      readable.on("error", (error) => {
        if (finished) return;
        finished = true;
        controller.error(error);
      });
      readable.pause();
    },
    pull() {
      readable.resume();
    },
    cancel() {
      finished = true;
      readable.destroy();
    },
  });
}

