import express, { Router, type RequestHandler } from "express";
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { formatDateTimeJst } from "@domain/datetime";
import { readJpPint } from "@domain/jp-pint-reader";
import { formatPeppolId, parsePeppolId } from "@domain/peppol-id";
import { SANDBOX_PEPPOL_AP_TOKEN } from "../api/config";
import type { Database } from "../api/db/client";
import { sandboxPeppolMessages } from "../api/db/schema";
import { escapeHtml } from "./html";

/** Where the stand-in is mounted, under the sandbox; PEPPOL_AP_URL's default. */
export const SANDBOX_PEPPOL_PATH = "/sandbox/peppol";

/**
 * Participants the stand-in answers for on purpose, so a refusal and an outage can be seen (both valid 法人番号, so a
 * customer can carry them): documents for the first are refused for good (422: not registered on the network),
 * for the second the access point is always out of service (503), so the outbox retries and then gives up.
 */
export const SANDBOX_PEPPOL_PARTICIPANTS = {
  rejected: "0188:8000000000001",
  unavailable: "0188:7000000000002",
} as const;

const SHOWN = 100;

const refuse = (res: express.Response, status: number, message: string) => res.status(status).json({ message });

/**
 * The sandbox's Peppol access point (decision 045), answering the contract api/peppol/access-point.ts speaks: it takes
 * a JP PINT invoice for a participant (one message per Idempotency-Key, so a repeated hand-over is not delivered twice),
 * keeps it for the recipient until its side takes and acknowledges it, and lists what it holds at /sandbox/peppol. It
 * stands in for the whole network: a document for one of our companies' Peppol IDs is waiting in that company's inbox.
 */
export function createSandboxAccessPoint(db: Database): Router {
  const router = Router();

  router.get("/", async (_req, res, next) => {
    try {
      const messages = await db.select().from(sandboxPeppolMessages).orderBy(desc(sandboxPeppolMessages.id)).limit(SHOWN);
      const rows = messages.map(
        (message) => `<tr data-testid="peppol-message"><td>${message.id}</td><td>${escapeHtml(formatDateTimeJst(message.receivedAt.toISOString()))}</td><td>${escapeHtml(message.sender)}</td><td>${escapeHtml(message.recipient)}</td><td>${escapeHtml(message.invoiceNumber)}</td><td>${message.takenAt ? `受取済（${escapeHtml(formatDateTimeJst(message.takenAt.toISOString()))}）` : "受取待ち"}</td></tr>`,
      );
      res.set("Cache-Control", "no-store").type("html").send(page(messages.length === 0 ? "<p>まだ書類はありません。</p>" : table(rows)));
    } catch (error) {
      next(error);
    }
  });

  // The product's calls carry the access point's credentials, as a real one requires.
  const authorised: RequestHandler = (req, res, next) => {
    if (req.headers.authorization !== `Bearer ${SANDBOX_PEPPOL_AP_TOKEN}`) {
      refuse(res, 401, "アクセスポイントの認証情報が正しくありません。");
      return;
    }
    next();
  };

  router.post("/outbound", authorised, express.text({ type: ["application/xml", "text/xml"], limit: "11mb" }), async (req, res, next) => {
    try {
      const key = req.get("Idempotency-Key")?.trim();
      if (!key || key.length > 200) return refuse(res, 400, "Idempotency-Key がありません。");
      const recipient = parsePeppolId(req.get("X-Peppol-Recipient") ?? "").id;
      if (!recipient) return refuse(res, 400, "受信者のPeppol ID（X-Peppol-Recipient）が正しくありません。");
      const participant = formatPeppolId(recipient);
      if (participant === SANDBOX_PEPPOL_PARTICIPANTS.unavailable) return refuse(res, 503, "アクセスポイントは一時的に利用できません（サンドボックスの障害用ID）。");
      if (participant === SANDBOX_PEPPOL_PARTICIPANTS.rejected) return refuse(res, 422, `受信者 ${participant} はPeppolネットワークに登録されていません（サンドボックスの拒否用ID）。`);
      const read = readJpPint(typeof req.body === "string" ? req.body : "");
      if (read.problem !== null) return refuse(res, 422, `JP PINTの請求書として読み取れません：${read.problem}`);
      const { buyer, supplier, number } = read.invoice;
      const endpoint = (party: { endpoint: { scheme: string; id: string } | null }) => (party.endpoint ? `${party.endpoint.scheme}:${party.endpoint.id}` : "");
      if (endpoint(buyer) !== participant) return refuse(res, 422, `受信者 ${participant} と請求書の買い手のPeppol ID（${endpoint(buyer) || "なし"}）が一致しません。`);
      const [inserted] = await db
        .insert(sandboxPeppolMessages)
        .values({ idempotencyKey: key, sender: endpoint(supplier), recipient: participant, invoiceNumber: number, xml: req.body as string })
        .onConflictDoNothing({ target: sandboxPeppolMessages.idempotencyKey })
        .returning({ id: sandboxPeppolMessages.id });
      // The same key again is the same message: answered as accepted, not delivered twice.
      const [message] = inserted ? [inserted] : await db.select({ id: sandboxPeppolMessages.id }).from(sandboxPeppolMessages).where(eq(sandboxPeppolMessages.idempotencyKey, key)).limit(1);
      res.status(inserted ? 202 : 200).json({ id: String(message!.id), status: "accepted" });
    } catch (error) {
      next(error);
    }
  });

  router.get("/inbound", authorised, async (req, res, next) => {
    try {
      const participant = parsePeppolId(String(req.query.participant ?? "")).id;
      if (!participant) return refuse(res, 400, "participant が正しくありません。");
      const waiting = await db
        .select()
        .from(sandboxPeppolMessages)
        .where(and(eq(sandboxPeppolMessages.recipient, formatPeppolId(participant)), isNull(sandboxPeppolMessages.takenAt)))
        .orderBy(asc(sandboxPeppolMessages.id))
        .limit(SHOWN);
      res.json({ documents: waiting.map((message) => ({ id: String(message.id), sender: message.sender, recipient: message.recipient, received_at: message.receivedAt.toISOString() })) });
    } catch (error) {
      next(error);
    }
  });

  const messageOf = async (id: string) => (/^\d{1,9}$/.test(id) ? (await db.select().from(sandboxPeppolMessages).where(eq(sandboxPeppolMessages.id, Number(id))).limit(1))[0] : undefined);

  router.get("/inbound/:id", authorised, async (req, res, next) => {
    try {
      const message = await messageOf(req.params.id!);
      if (!message) return refuse(res, 404, "書類が見つかりません。");
      res.type("application/xml; charset=utf-8").send(message.xml);
    } catch (error) {
      next(error);
    }
  });

  router.post("/inbound/:id/ack", authorised, async (req, res, next) => {
    try {
      const message = await messageOf(req.params.id!);
      if (!message) return refuse(res, 404, "書類が見つかりません。");
      if (!message.takenAt) await db.update(sandboxPeppolMessages).set({ takenAt: new Date() }).where(eq(sandboxPeppolMessages.id, message.id));
      res.status(204).end();
    } catch (error) {
      next(error);
    }
  });

  return router;
}

function table(rows: string[]): string {
  return `<table><caption>受け付けた書類（新しい順に${SHOWN}件まで）</caption>
<thead><tr><th scope="col">ID</th><th scope="col">受付日時</th><th scope="col">送信者</th><th scope="col">受信者</th><th scope="col">請求書番号</th><th scope="col">状態</th></tr></thead>
<tbody>${rows.join("\n")}</tbody></table>`;
}

function page(body: string): string {
  return `<!DOCTYPE html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Peppolアクセスポイント（サンドボックス） | 帳票クラウド</title></head>
<body><main>
<h1>Peppolアクセスポイント（サンドボックス）</h1>
<p>PEPPOL_AP_URL が設定されていないため、デジタルインボイスはこのアクセスポイントに送られます。受信者が帳票クラウドの企業（自社情報のPeppol ID）なら、その企業の「アクセスポイントから受け取る」で受取請求書になります。</p>
<p>受信者が ${SANDBOX_PEPPOL_PARTICIPANTS.rejected} の書類は拒否し（送信エラー）、${SANDBOX_PEPPOL_PARTICIPANTS.unavailable} の書類には障害中と答えます（再試行ののち送信エラー）。</p>
${body}
</main></body></html>`;
}
