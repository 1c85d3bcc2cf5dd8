import { and, eq, inArray } from "drizzle-orm";
import type { DocumentKind } from "../../domain/document-kinds";
import { formatDocumentNumber, numberingPeriod, type DocumentSettingInput } from "../../domain/document-settings";
import type { Database } from "../db/client";
import { companyBankAccounts, documentCounters, documentSettings } from "../db/schema";
import { documentSettingOf } from "../documents/store";
import { conflict, validationFailed, violatesUniqueIndex } from "../errors";
import { guardedUpdateResult } from "./records";

/** Per-kind document settings (帳票設定): numbering, defaults and mail templates, with an optimistic lock. */

const STALE_SAVE = "ほかの操作でこの帳票設定が更新されています。最新の内容を確認してから、もう一度保存してください。";
export const KIND_NOT_FOUND = "帳票の種類が見つかりません。";

type SettingRow = typeof documentSettings.$inferSelect;
type CounterRow = typeof documentCounters.$inferSelect;

function columnsOf(input: DocumentSettingInput) {
  return {
    numberPrefix: input.number_prefix,
    numberDatePart: input.number_date_part,
    numberDigits: input.number_digits,
    numberReset: input.number_reset,
    defaultSubject: input.default_subject,
    defaultNotes: input.default_notes,
    defaultRemarks: input.default_remarks,
    defaultHonorific: input.default_honorific,
    printStamp: input.print_stamp,
    bankAccountIds: input.bank_account_ids,
    dueDateRule: input.due_date_rule,
    dueDays: input.due_days,
    closingLineMode: input.closing_line_mode,
    mailSubject: input.mail_subject,
    mailBody: input.mail_body,
  };
}

/** A kind's settings (its defaults until saved: version 0) with the number the next document would get today. */
function settingWithNextNumber(kind: DocumentKind, row: SettingRow | undefined, counters: readonly CounterRow[], today: string) {
  const settings = documentSettingOf(kind, row);
  const period = numberingPeriod(settings.number_reset, today);
  const last = counters.find((counter) => counter.kind === kind && counter.period === period)?.lastNumber ?? 0;
  return { kind, version: row?.version ?? 0, ...settings, next_number: formatDocumentNumber(settings, today, last + 1), next_sequence: last + 1, today, updated_at: row?.updatedAt ?? null };
}

/** The company's settings, read once: each kind's as of `today`. */
export async function documentSettingsOf(db: Database, tenant: string, today: string) {
  const [rows, counters] = await Promise.all([
    db.select().from(documentSettings).where(eq(documentSettings.companyUniqueCode, tenant)),
    db.select().from(documentCounters).where(eq(documentCounters.companyUniqueCode, tenant)),
  ]);
  return (kind: DocumentKind) => settingWithNextNumber(kind, rows.find((row) => row.kind === kind), counters, today);
}

/** Saves a kind's settings made from `version` (0: from the defaults); the accounts named must be the company's own. */
export async function saveDocumentSetting(db: Database, tenant: string, kind: DocumentKind, version: number, input: DocumentSettingInput): Promise<void> {
  if (input.bank_account_ids.length > 0) {
    const own = await db
      .select({ id: companyBankAccounts.id })
      .from(companyBankAccounts)
      .where(and(eq(companyBankAccounts.companyUniqueCode, tenant), inArray(companyBankAccounts.id, input.bank_account_ids)));
    if (own.length !== new Set(input.bank_account_ids).size) throw validationFailed({ bank_account_ids: ["自社の口座から選んでください"] });
  }
  if (version === 0) {
    try {
      await db.insert(documentSettings).values({ ...columnsOf(input), companyUniqueCode: tenant, kind });
    } catch (error) {
      // Someone saved this kind first: the page was made from the defaults they replaced.
      if (violatesUniqueIndex(error, "document_settings_company_kind_idx")) throw conflict(STALE_SAVE);
      throw error;
    }
    return;
  }
  const [updated] = await db
    .update(documentSettings)
    .set({ ...columnsOf(input), version: version + 1, updatedAt: new Date() })
    .where(and(eq(documentSettings.companyUniqueCode, tenant), eq(documentSettings.kind, kind), eq(documentSettings.version, version)))
    .returning();
  // The kind always exists, so any version but the current one is a stale save.
  await guardedUpdateResult(updated, async () => true, { stale: STALE_SAVE, notFound: KIND_NOT_FOUND });
}
