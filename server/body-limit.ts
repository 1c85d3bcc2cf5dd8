import type { RequestHandler } from "express";

/** Two images of 5 MB and a received document of 20 MB, with room for the form's fields. */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

function refusal(heading: string, body: string) {
  return (
    '<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><title>エラー | 帳票クラウド</title></head>' +
    `<body><h1>${heading}</h1><p>${body}</p></body></html>`
  );
}

const TOO_LARGE = refusal("送信できませんでした", "送信された内容が大きすぎます（32MBまで）。ファイルを小さくして、もう一度お試しください。");
const LENGTH_REQUIRED = refusal("送信できませんでした", "送信の形式が正しくありません。画面を開き直して、もう一度お試しください。");

/**
 * Refuses a page's request body over the limit before anything reads it. A
 * browser's form post always states its length; a body without one (chunked)
 * could not be bounded without reading it, so it is refused as well.
 */
export function limitRequestBody(maxBytes = MAX_BODY_BYTES): RequestHandler {
  return (req, res, next) => {
    if (req.headers["content-length"] === undefined && req.headers["transfer-encoding"] !== undefined) {
      res.status(411).set("Connection", "close").type("html").send(LENGTH_REQUIRED);
      return;
    }
    if (Number(req.headers["content-length"] ?? 0) > maxBytes) {
      res.status(413).set("Connection", "close").type("html").send(TOO_LARGE);
      return;
    }
    next();
  };
}
