import { Router } from "express";
import { desc, eq } from "drizzle-orm";
import { formatDateTimeJst } from "@domain/datetime";
import { getUser } from "~/services/session.server";
import type { Database } from "../api/db/client";
import { localMailbox } from "../api/db/schema";
import { escapeHtml } from "./html";

export const SANDBOX_MAILBOX_PATH = "/sandbox/mailbox";
const SHOWN = 50;

/**
 * The local mailbox of the embedded default (no SMTP_URL): the mail the
 * signed-in user's company sent, newest first, as the recipients would have
 * received it. Another company's mail is never listed.
 */
export function createSandboxMailbox(db: Database): Router {
  const router = Router();
  router.get(SANDBOX_MAILBOX_PATH, async (req, res, next) => {
    try {
      const user = await getUser(new Request(`http://sandbox${req.originalUrl}`, { headers: { cookie: req.headers.cookie ?? "" } }));
      res.set("Cache-Control", "private, no-store").type("html");
      if (!user?.companyUniqueCode) {
        res.status(401).send(page("<p>帳票クラウドにログインしてから開いてください。</p>"));
        return;
      }
      const messages = await db.select().from(localMailbox).where(eq(localMailbox.companyUniqueCode, user.companyUniqueCode)).orderBy(desc(localMailbox.id)).limit(SHOWN);
      const items = messages.map(
        (message) => `<li data-testid="mailbox-message"><h2>${escapeHtml(message.subject)}</h2>
<p>宛先：${escapeHtml(message.envelopeTo.join(", "))}</p>
<p>送信：${escapeHtml(formatDateTimeJst(message.createdAt.toISOString()))}</p>
${message.attachmentNames.length > 0 ? `<p>添付：${escapeHtml(message.attachmentNames.join(", "))}</p>` : ""}
<pre>${escapeHtml(message.text)}</pre></li>`,
      );
      res.send(page(messages.length === 0 ? "<p>まだメールはありません。</p>" : `<ol>${items.join("\n")}</ol>`));
    } catch (error) {
      next(error);
    }
  });
  return router;
}

function page(body: string): string {
  return `<!DOCTYPE html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>送信メール（サンドボックス） | 帳票クラウド</title></head>
<body><main>
<h1>送信メール（サンドボックス）</h1>
<p>SMTP_URL が設定されていないため、送信したメールは外部へ出さず、ここに保管しています。新しい順に${SHOWN}通まで表示します。</p>
${body}
</main></body></html>`;
}
