import type { Router } from "express";
import { rateLimit, type Store } from "express-rate-limit";
import { CLIENT_ERRORS_PATH } from "~/components/browser-errors";

/** A store shared by every instance (the database's), made per limit; absent, each process counts alone. */
export type RateLimitStoreFactory = (prefix: string) => Store;

const TOO_MANY =
  '<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><title>エラー | 帳票クラウド</title></head>' +
  "<body><h1>しばらくお待ちください</h1><p>短い時間にアクセスが集中しました。数分待ってから、もう一度お試しください。</p>" +
  '<p><a href="/bamidp/login">ログイン画面へ</a></p></body></html>';

/** The Payment API's own answer shape ({ code, message }), for callers of its public endpoints. */
const TOO_MANY_API = { code: "too_many_requests", message: "短い時間にアクセスが集中しました。数分待ってから、もう一度お試しください。" };

function limiter(windowMs: number, limit: number, prefix: string, store?: RateLimitStoreFactory, answer: "page" | "api" = "page") {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    ...(store ? { store: store(prefix) } : {}),
    handler: (_req, res) => {
      res.status(429).set("Cache-Control", "no-store");
      if (answer === "api") res.json(TOO_MANY_API);
      else res.type("html").send(TOO_MANY);
    },
  });
}

/**
 * Per client address (req.ip, which honours TRUST_PROXY): sign-in starts and
 * callbacks, which a script could repeat to exhaust the identity provider,
 * and the recipients' link pages, which anyone with the address can open.
 */
export function mountRateLimits(app: Router, limits: { signInPerTenMinutes: number; viewPdfPerMinute: number }, store?: RateLimitStoreFactory) {
  const signIn = limiter(10 * 60_000, limits.signInPerTenMinutes, "sign-in:", store);
  app.post("/bamidp/login", signIn);
  app.get("/callback", signIn);
  app.use("/view-pdf", limiter(60_000, limits.viewPdfPerMinute, "view-pdf:", store));
  // The API behind those pages answers the same links to anyone who calls it directly: the same limit. The pages'
  // own calls reach the API in process and are not counted twice.
  app.use("/payment-api/api/v1/public/mails", limiter(60_000, limits.viewPdfPerMinute, "public-mails-api:", store, "api"));
  // A page in a loop must not flood the error reporter.
  app.post(CLIENT_ERRORS_PATH, limiter(60_000, 30, "client-errors:", store));
}
