import { ADMIN_ROLE_LABELS } from "@domain/admin";
import { formatDateTimeJst, formatListDate } from "@domain/datetime";
import { useTexts, type TFunction } from "~/components/texts";
import adminBanksTexts from "~/locales/ja/adminBanks.json";
import type { AuditEntry } from "~/routes/__admin-banks/admin-banks.server";
import { ScrollBox } from "./ScrollBox";

const FIELDS = adminBanksTexts.audit.fields;
type Field = keyof typeof FIELDS;
const isField = (key: string): key is Field => key in FIELDS;

/** A value of a record as people read it: dates as lists show them, switches as はい／いいえ, nothing as （なし）. */
function shown(key: string, value: unknown, t: TFunction<{ adminBanks: typeof adminBanksTexts }>): string {
  if (value === null || value === undefined || value === "")
    return key === "branch_code" ? t("adminBanks.reservations.allBranches") : t("adminBanks.audit.emptyValue");
  if (typeof value === "boolean") return value ? t("adminBanks.config.yes") : t("adminBanks.config.no");
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatListDate(value);
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDateTimeJst(value);
  return String(value);
}

/** What an entry changed: each field that differs, before → after (a new record: its values). */
function changesOf(entry: AuditEntry): Array<{ field: Field; before: unknown; after: unknown; created: boolean }> {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(isField);
  return keys
    .filter((key) => entry.before === null || before[key] !== after[key])
    .map((field) => ({
      field,
      before: before[field],
      after: after[field],
      created: entry.before === null,
    }));
}

/** The audit trail of what the page shows (decision 027): who, in which role, when, and what changed. */
export function AuditTrail({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTexts({ adminBanks: adminBanksTexts });
  return (
    <section className="card" aria-labelledby="audit-title">
      <h2 id="audit-title">{t("adminBanks.audit.title")}</h2>
      {entries.length === 0 ? (
        <p>{t("adminBanks.audit.empty")}</p>
      ) : (
        <ScrollBox labelledBy="audit-title">
          <table className="table table--list" data-testid="admin-audit">
            <thead>
              <tr>
                <th scope="col">{t("adminBanks.audit.when")}</th>
                <th scope="col">{t("adminBanks.audit.who")}</th>
                <th scope="col">{t("adminBanks.audit.role")}</th>
                <th scope="col">{t("adminBanks.audit.action")}</th>
                <th scope="col">{t("adminBanks.audit.change")}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="table__nowrap">{formatDateTimeJst(entry.occurred_at)}</td>
                  <td>{entry.actor_name ?? entry.actor_user_unique_code}</td>
                  <td>
                    {ADMIN_ROLE_LABELS[entry.actor_user_type] ?? entry.actor_user_type}
                    <span className="field__hint"> {entry.actor_bank_code}</span>
                  </td>
                  <td>{t(`adminBanks.audit.actions.${entry.action.replace(".", "_") as "bank_setting_update"}`)}</td>
                  <td>
                    <ul className="admin-changes">
                      {changesOf(entry).map((change) => (
                        <li key={change.field}>
                          {t(`adminBanks.audit.fields.${change.field}`)}：
                          {change.created
                            ? shown(change.field, change.after, t)
                            : `${shown(change.field, change.before, t)} → ${shown(change.field, change.after, t)}`}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </section>
  );
}
