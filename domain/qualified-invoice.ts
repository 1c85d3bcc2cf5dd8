import type { DocumentKind } from "./document-kinds";
import { registrationNumberProblem } from "./registration-number";

/**
 * What a document lacks to be a 適格請求書 (消費税法 第57条の4 第1項) or, for
 * receipts, a 適格簡易請求書 (同 第2項). The transaction contents with the
 * reduced-rate mark, the totals and the tax per rate are always printed from
 * the totals engine, so what can be missing is who issues it (name and
 * registration number), the date, lines, and — for an invoice — to whom.
 */
export function qualifiedInvoiceGaps(
  kind: DocumentKind,
  facts: { issuerName: string | null; registeredNo: string | null; customerName: string; issueDate: string | null; lineCount: number },
): string[] {
  if (kind !== "invoice" && kind !== "receipt") return [];
  const gaps: string[] = [];
  if (!facts.issuerName?.trim()) gaps.push("発行者の名称（自社情報の会社名）");
  if (!facts.registeredNo) gaps.push("発行者の登録番号（自社情報で登録してください）");
  else if (registrationNumberProblem(facts.registeredNo)) gaps.push("正しい登録番号（自社情報の登録番号を確認してください）");
  if (!facts.issueDate) gaps.push("取引年月日（発行日）");
  if (facts.lineCount === 0) gaps.push("取引内容（明細）");
  // A simplified invoice (receipt) may leave out the recipient.
  if (kind === "invoice" && !facts.customerName.trim()) gaps.push("書類の交付を受ける事業者の名称（取引先名）");
  return gaps;
}
