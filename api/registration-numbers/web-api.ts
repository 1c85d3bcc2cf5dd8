import { z } from "zod";
import type { LookupOutcome } from "../../domain/registration-number";
import { NTA_FIELDS, PROCESS_DELETED, registrationOf, rowOf, type NtaRecord } from "./record";
import type { RegistrationLookup } from "./lookup";

export type NtaWebApiSettings = {
  /** Without the version path: `https://web-api.invoice-kohyo.nta.go.jp`. */
  baseUrl: string;
  /** The NTA-approved アプリケーションID; sent as `id`, never logged. */
  applicationId: string;
  timeoutMs: number;
};

const RETRY_LATER = "時間をおいて再度確認してください。";

/** The JSON envelope of `/1/num?type=21`: every value a string; no array when nothing is found. */
const numResponse = z.object({
  lastUpdateDate: z.string(),
  count: z.string().regex(/^\d+$/),
  announcement: z.array(z.record(z.string(), z.unknown())).default([]),
});

function recordOf(item: Record<string, unknown>): NtaRecord {
  return Object.fromEntries(NTA_FIELDS.map((field) => [field, typeof item[field] === "string" ? item[field] : ""])) as NtaRecord;
}

/** The Japanese reason for an HTTP status, as the NTA's statuses are known (decision 025: its code table is unconfirmed). */
function reasonForStatus(status: number): string {
  if (status === 400) return "国税庁のAPIがリクエストを受け付けませんでした（HTTP 400）。";
  if (status === 403) return `国税庁のAPIの利用が一時的に制限されています（HTTP 403）。${RETRY_LATER}`;
  if (status === 404) return "国税庁のAPIの設定（アプリケーションIDまたは接続先）を確認してください（HTTP 404）。";
  return `国税庁のAPIがエラーを返しました（HTTP ${status}）。${RETRY_LATER}`;
}

const UNREADABLE = { status: "error", reason: `国税庁のAPIの応答を読み取れませんでした。${RETRY_LATER}` } as const;

/**
 * The NTA's インボイス Web-API v1 (`/1/num`, JSON, no history). Every failure —
 * HTTP status, timeout, network, an answer that is not the documented shape —
 * is an "error" outcome with a reason, never a thrown error: a failed check is
 * retried later and never stops a document from being saved. Requests use the
 * global fetch, which the outbound proxy (HTTP_PROXY) is installed on.
 */
export function createWebApiLookup(settings: NtaWebApiSettings): RegistrationLookup {
  const base = settings.baseUrl.replace(/\/+$/, "");
  return {
    source: "api",
    find: async (number): Promise<LookupOutcome> => {
      const query = new URLSearchParams({ id: settings.applicationId, number, type: "21", history: "0" });
      let body: unknown;
      try {
        const response = await fetch(`${base}/1/num?${query}`, { signal: AbortSignal.timeout(settings.timeoutMs), headers: { Accept: "application/json" } });
        if (!response.ok) {
          await response.body?.cancel();
          return { status: "error", reason: reasonForStatus(response.status) };
        }
        body = await response.json();
      } catch (error) {
        if (error instanceof DOMException && error.name === "TimeoutError") {
          return { status: "error", reason: `国税庁のAPIが時間内に応答しませんでした。${RETRY_LATER}` };
        }
        if (error instanceof SyntaxError) return UNREADABLE;
        return { status: "error", reason: `国税庁のAPIに接続できませんでした。${RETRY_LATER}` };
      }
      const parsed = numResponse.safeParse(body);
      if (!parsed.success) return UNREADABLE;
      const records = parsed.data.announcement.map(recordOf).filter((record) => record.registratedNumber === number);
      // history=0 answers the latest record only; should history rows come along, the latest one counts.
      const record = records.find((candidate) => candidate.latest === "1") ?? records[0];
      if (!record || record.process === PROCESS_DELETED) return { status: "notFound" };
      try {
        return { status: "found", registration: registrationOf(rowOf(record)) };
      } catch {
        return UNREADABLE;
      }
    },
  };
}
