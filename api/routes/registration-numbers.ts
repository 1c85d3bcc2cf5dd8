import { Router } from "express";
import { MATCH_RESULTS } from "../../domain/codes";
import { normalizeIsoDate } from "../../domain/normalize";
import { MATCH_RESULT, REGISTRATION_NUMBER_MESSAGES, parseRegistrationNumber } from "../../domain/registration-number";
import type { Database } from "../db/client";
import { badRequest } from "../errors";
import { requireMember } from "../membership";
import { verifyRegistrationNumber, type RegistrationLookup } from "../registration-numbers/lookup";
import { handler } from "./handler";

/** The NTA keeps names up to 300 characters. */
const NAME_MAX = 300;

function queryText(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/**
 * Verification of a supplier's registration number (適格請求書発行事業者
 * 登録番号) for the receive forms (decision 025). A failed lookup is an
 * answer (result 4, error), not a failed request: the form saves anyway and
 * checks again later.
 */
export function registrationNumberRoutes(db: Database, lookup: RegistrationLookup): Router {
  const router = Router();

  router.get(
    "/registration-numbers/verification",
    handler(async (req, res) => {
      await requireMember(db, req, { write: false });
      const parsed = parseRegistrationNumber(queryText(req.query.number));
      if (!parsed) throw badRequest(`${REGISTRATION_NUMBER_MESSAGES.format}。`);
      const date = normalizeIsoDate(queryText(req.query.date));
      if (!date) throw badRequest("取引日は YYYY-MM-DD の形式で指定してください。");
      const name = queryText(req.query.name).trim();
      if (!name || name.length > NAME_MAX) throw badRequest(`取引先名を${NAME_MAX}文字以内で指定してください。`);
      const verification = await verifyRegistrationNumber(lookup, { ...parsed, date, name });
      if (verification.result === MATCH_RESULT.error) req.log?.warn({ source: verification.source, reason: verification.reason }, "registration number lookup failed");
      const label = MATCH_RESULTS.find((result) => result.id === verification.result)!.label;
      res.json({ ...verification, resultLabel: label, name });
    }),
  );

  return router;
}
