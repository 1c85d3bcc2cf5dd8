import { Router } from "express";
import { SANDBOX_NTA_APPLICATION_ID, SANDBOX_NTA_LAST_UPDATE, SANDBOX_NTA_NUMBERS, SANDBOX_NTA_RECORDS } from "./nta-fixture";

/** Where the stand-in is mounted, under the sandbox. */
export const SANDBOX_NTA_PATH = "/sandbox/nta";

/** The Web-API takes up to ten numbers at once. */
const MAX_NUMBERS = 10;

/**
 * The NTA's インボイス Web-API v1 `/1/num` for the sandbox (decision 025): the
 * JSON shape (`type=21`) over the fixture's records, the `id` required as the
 * NTA requires an application id, and numbers that fail on purpose (500, no
 * answer, an unreadable body) so the client's error paths can be seen.
 */
export function createSandboxNtaWebApi(): Router {
  const router = Router();
  router.get("/1/num", (req, res) => {
    const { id, number, type, history = "0" } = req.query;
    // The NTA answers an unknown application id with 404 (as its clients report; its code table is unconfirmed).
    if (id !== SANDBOX_NTA_APPLICATION_ID) {
      res.status(404).type("text/plain").send("Application ID is not valid.");
      return;
    }
    const numbers = typeof number === "string" ? number.split(",") : [];
    const wellFormed = numbers.length > 0 && numbers.length <= MAX_NUMBERS && numbers.every((candidate) => /^T\d{13}$/.test(candidate));
    if (!wellFormed || type !== "21" || (history !== "0" && history !== "1")) {
      res.status(400).type("text/plain").send("Bad request.");
      return;
    }
    if (numbers.includes(SANDBOX_NTA_NUMBERS.serverError)) {
      res.status(500).type("text/plain").send("Internal server error.");
      return;
    }
    // Never answered: the request stays open until the client gives up (or the server closes).
    if (numbers.includes(SANDBOX_NTA_NUMBERS.noAnswer)) return;
    if (numbers.includes(SANDBOX_NTA_NUMBERS.unreadable)) {
      res.type("application/json").send("<html><body>メンテナンス中</body></html>");
      return;
    }
    const found = SANDBOX_NTA_RECORDS.filter((record) => numbers.includes(record.registratedNumber));
    res.json({
      lastUpdateDate: SANDBOX_NTA_LAST_UPDATE,
      count: String(found.length),
      divideNumber: "1",
      divideSize: "1",
      announcement: found.map((record, index) => ({ ...record, sequenceNumber: String(index + 1) })),
    });
  });
  return router;
}
