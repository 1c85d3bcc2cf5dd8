import { XML_LIMITS } from "../../domain/xml-reader";
import { PermanentMailError } from "../mail/transport";

/*
 * The company's Peppol access point, as the product talks to it (decision 045): a small HTTP adapter, the only module
 * that knows PEPPOL_AP_URL and its token. The sandbox's stand-in (sandbox/peppol-access-point.ts) answers the same
 * contract; a real access point is reached through an adapter of the same shape.
 *
 *   POST {base}/outbound               the UBL XML; Idempotency-Key, X-Peppol-Recipient → 202 { id }
 *   GET  {base}/inbound?participant=…  what waits for one participant → { documents: [{ id, sender, recipient, received_at }] }
 *   GET  {base}/inbound/{id}           its XML, byte for byte
 *   POST {base}/inbound/{id}/ack       taken: no longer listed → 204
 */

export type AccessPointSettings = {
  /** Without a trailing slash: `https://ap.example/api/v1` or the sandbox's `/sandbox/peppol`. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer`; never logged. */
  token: string;
  timeoutMs: number;
};

/** A document handed over: the key makes a repeated hand-over the same message at the access point. */
export type OutboundDocument = { idempotencyKey: string; recipient: string; xml: string };

/** A document the access point holds for one of our participants. */
export type InboundEntry = { id: string; sender: string; recipient: string; receivedAt: string };

export type AccessPoint = {
  send(document: OutboundDocument): Promise<{ messageId: string }>;
  inbox(participant: string): Promise<InboundEntry[]>;
  fetchDocument(id: string): Promise<Uint8Array>;
  acknowledge(id: string): Promise<void>;
};

/** What failed, in the words the send history shows. */
const REFUSED = "アクセスポイントに拒否されました";
const NOT_REACHED = "アクセスポイントに送れませんでした";

/**
 * Whether an access point's answer is final: a refusal (4xx) stays one however often it is asked again, so the send
 * ends in 送信エラー at once; a timeout (408), too many requests (429), a server error (5xx) or no answer is
 * temporary, and the outbox tries again later (ADR 013's backoff).
 */
export function isPermanentRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** What an answer other than a document may weigh: a reason, a message id, the list of what waits. */
const ANSWER_MAX_BYTES = 1024 * 1024;

/**
 * An answer's body, read no further than `maxBytes` + 1: the access point is outside the product, so its size is not
 * trusted. A document past the limit arrives one byte over it, for the strict XML reader to refuse by its own rule.
 */
async function boundedBody(response: Response, maxBytes: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = response.body?.getReader();
  while (reader && length <= maxBytes) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.byteLength;
  }
  await reader?.cancel();
  const body = Buffer.concat(chunks);
  return body.subarray(0, Math.min(body.byteLength, maxBytes + 1));
}

/** A small JSON answer, or null when it is none (or too large to be one). */
async function jsonOf(response: Response): Promise<unknown> {
  try {
    const body = await boundedBody(response, ANSWER_MAX_BYTES);
    return body.byteLength > ANSWER_MAX_BYTES ? null : JSON.parse(Buffer.from(body).toString("utf8"));
  } catch {
    return null;
  }
}

/** The access point's own words when it gives any: `{ message }` in JSON, else its status. */
async function reasonOf(response: Response): Promise<string> {
  const text = await boundedBody(response, ANSWER_MAX_BYTES)
    .then((body) => Buffer.from(body).toString("utf8"))
    .catch(() => "");
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === "string" && body.message.trim()) return `${body.message.trim()}（HTTP ${response.status}）`;
  } catch {
    // Not JSON: the status says enough.
  }
  return `HTTP ${response.status}`;
}

export class AccessPointError extends Error {}

/**
 * The access point over HTTP, through the global fetch (which the outbound proxy is installed on). `send` throws
 * PermanentMailError for a refusal and a plain Error for what may pass later, as the mail transports do, so the outbox
 * treats both channels alike; the inbox calls throw AccessPointError with a Japanese reason.
 */
export function createHttpAccessPoint(settings: AccessPointSettings): AccessPoint {
  const base = settings.baseUrl.replace(/\/+$/, "");
  const call = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("Authorization", `Bearer ${settings.token}`);
    return fetch(`${base}${path}`, { ...init, headers, signal: AbortSignal.timeout(settings.timeoutMs) });
  };
  const unreachable = (error: unknown) => (error instanceof Error && error.name === "TimeoutError" ? "時間内に応答がありませんでした" : error instanceof Error ? error.message : String(error));

  async function inboundCall(path: string, init?: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await call(path, init);
    } catch (error) {
      throw new AccessPointError(`アクセスポイントにつながりませんでした：${unreachable(error)}`);
    }
    if (!response.ok) throw new AccessPointError(`アクセスポイントがエラーを返しました：${await reasonOf(response)}`);
    return response;
  }

  return {
    async send(document) {
      let response: Response;
      try {
        response = await call("/outbound", {
          method: "POST",
          body: document.xml,
          headers: { "Content-Type": "application/xml; charset=utf-8", "Idempotency-Key": document.idempotencyKey, "X-Peppol-Recipient": document.recipient, Accept: "application/json" },
        });
      } catch (error) {
        throw new Error(`${NOT_REACHED}：${unreachable(error)}`);
      }
      if (!response.ok) {
        const reason = await reasonOf(response);
        if (isPermanentRefusal(response.status)) throw new PermanentMailError(`${REFUSED}：${reason}`);
        throw new Error(`${NOT_REACHED}：${reason}`);
      }
      const body = ((await jsonOf(response)) ?? {}) as { id?: unknown };
      return { messageId: typeof body.id === "string" || typeof body.id === "number" ? String(body.id) : "" };
    },
    async inbox(participant) {
      const response = await inboundCall(`/inbound?${new URLSearchParams({ participant })}`, { headers: { Accept: "application/json" } });
      const body = (await jsonOf(response)) as { documents?: Array<Record<string, unknown>> } | null;
      if (!body || !Array.isArray(body.documents)) throw new AccessPointError("アクセスポイントの応答を読み取れませんでした。");
      return body.documents.map((entry) => ({ id: String(entry.id), sender: String(entry.sender ?? ""), recipient: String(entry.recipient ?? ""), receivedAt: String(entry.received_at ?? "") }));
    },
    async fetchDocument(id) {
      const response = await inboundCall(`/inbound/${encodeURIComponent(id)}`, { headers: { Accept: "application/xml" } });
      return boundedBody(response, XML_LIMITS.maxBytes);
    },
    async acknowledge(id) {
      const response = await inboundCall(`/inbound/${encodeURIComponent(id)}/ack`, { method: "POST" });
      await response.body?.cancel();
    },
  };
}
