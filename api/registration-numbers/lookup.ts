import { judgeRegistration, type LookupOutcome, type Verification } from "../../domain/registration-number";
import type { Database } from "../db/client";
import type { NtaSettings } from "../config";
import { createOfflineLookup } from "./offline";
import { createWebApiLookup } from "./web-api";

/**
 * Where registration numbers are looked up: the NTA's Web-API, or the table
 * loaded from its bulk download for networks that cannot reach it (decision 025).
 */
export type RegistrationLookup = {
  source: "api" | "offline";
  find: (number: string) => Promise<LookupOutcome>;
};

export type VerificationRequest = { number: string; checkDigitValid: boolean; date: string; name: string };

/** A document's number, date and name checked against the publication (SPEC §4's match results). */
export async function verifyRegistrationNumber(lookup: RegistrationLookup, request: VerificationRequest): Promise<Verification & { source: RegistrationLookup["source"] }> {
  return { ...judgeRegistration(request, await lookup.find(request.number)), source: lookup.source };
}

/** The lookup the settings choose; offline when no mode was chosen (decision 025). */
export function createRegistrationLookup(db: Database, settings: NtaSettings): RegistrationLookup {
  if (settings.mode !== "api") return createOfflineLookup(db);
  if (!settings.baseUrl || !settings.applicationId) throw new Error("The NTA Web-API needs a base URL and an application id.");
  return createWebApiLookup({ baseUrl: settings.baseUrl, applicationId: settings.applicationId, timeoutMs: settings.timeoutMs });
}
