import { formatDecimal } from "./decimal-display";
import type { SnapshotContent } from "./snapshot";

type Comparable = Pick<SnapshotContent, "issueDate" | "dates" | "subject" | "recipient" | "lines" | "totals" | "notes" | "proviso" | "bankAccounts">;

const yen = (amount: string) => `${formatDecimal(amount)}円`;
const lineText = (line: SnapshotContent["lines"][number]) => `${line.description}（${formatDecimal(line.quantity)}${line.unit ?? ""} × ${yen(line.unitPrice)}、${line.taxRate}%）`;

/**
 * What a correction changed, in words printed on it (修正適格請求書 states
 * what was corrected): compared field by field with the revision it replaces.
 */
export function describeChanges(before: Comparable, after: Comparable): string[] {
  const changes: string[] = [];
  const changed = (label: string, from: string | null, to: string | null) => {
    if ((from ?? "") !== (to ?? "")) changes.push(`${label}「${from || "なし"}」→「${to || "なし"}」`);
  };
  changed("宛名", `${before.recipient.name} ${before.recipient.honorific}`, `${after.recipient.name} ${after.recipient.honorific}`);
  changed("発行日", before.issueDate, after.issueDate);
  for (const date of after.dates) changed(date.label, before.dates.find((entry) => entry.label === date.label)?.value ?? null, date.value);
  for (const date of before.dates) if (!after.dates.some((entry) => entry.label === date.label)) changed(date.label, date.value, null);
  changed("件名", before.subject, after.subject);
  const beforeLines = before.lines.map(lineText);
  const afterLines = after.lines.map(lineText);
  const removed = beforeLines.filter((line) => !afterLines.includes(line));
  const added = afterLines.filter((line) => !beforeLines.includes(line));
  if (removed.length > 0) changes.push(`明細の削除・変更前：${removed.join("、")}`);
  if (added.length > 0) changes.push(`明細の追加・変更後：${added.join("、")}`);
  if (before.totals.taxIncluded !== after.totals.taxIncluded) changes.push(`合計（税込）${yen(before.totals.taxIncluded)} → ${yen(after.totals.taxIncluded)}`);
  if (before.totals.amountDue !== after.totals.amountDue && before.totals.withholding !== after.totals.withholding) {
    changes.push(`源泉徴収税 ${yen(before.totals.withholding)} → ${yen(after.totals.withholding)}`);
  }
  changed("但し書き", before.proviso, after.proviso);
  changed("備考", before.notes, after.notes);
  const account = (accounts: Comparable["bankAccounts"]) => accounts.map((entry) => `${entry.bankName} ${entry.branchName} ${entry.accountNo}`).join("、");
  changed("お振込先", account(before.bankAccounts), account(after.bankAccounts));
  return changes;
}
