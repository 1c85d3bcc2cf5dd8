import { eq } from "drizzle-orm";
import type { LookupOutcome } from "../../domain/registration-number";
import type { Database } from "../db/client";
import { registrationNumberImports, registrationNumbers } from "../db/schema";
import type { RegistrationLookup } from "./lookup";
import { PROCESS_DELETED, registrationOf } from "./record";

const NOT_LOADED: LookupOutcome = {
  status: "error",
  reason: "国税庁の公表データ（全件）がまだ取り込まれていないため確認できません。管理者に取り込みを依頼してください。",
};

/**
 * Numbers looked up in the table the bulk import keeps (decision 025), for
 * closed networks. Before a first full import every number would be "not
 * found", which would be wrong: that is an error instead.
 */
export function createOfflineLookup(db: Database): RegistrationLookup {
  return {
    source: "offline",
    find: async (number) => {
      const [row] = await db.select().from(registrationNumbers).where(eq(registrationNumbers.registratedNumber, number)).limit(1);
      if (row && row.process !== PROCESS_DELETED) return { status: "found", registration: registrationOf(row) };
      const [loaded] = await db.select({ id: registrationNumberImports.id }).from(registrationNumberImports).where(eq(registrationNumberImports.kind, "full")).limit(1);
      return loaded ? { status: "notFound" } : NOT_LOADED;
    },
  };
}
