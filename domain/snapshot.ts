import { BANK_ACCOUNT_TYPES, taxCategoryOf, type TAX_TYPES, type TaxCategoryId } from "./codes";
import { formatJapaneseDate } from "./datetime";
import type { DocumentKind } from "./document-kinds";
import type { RateTotal, Totals, UntaxedTotal } from "./totals";

/** A stored image copied into a snapshot: its file id and digest (equal digests share one copy). */
export type SnapshotImage = { fileId: string; sha256: string };

/**
 * Everything a printed document shows, frozen when it is issued, sent or
 * printed. The print page and the PDF both render from this and nothing
 * else, so they cannot disagree and later master edits cannot reach them.
 */
export type SnapshotContent = {
  kind: DocumentKind;
  title: string;
  number: string;
  issueDate: string;
  /** The kind's own date (有効期限, 納品日, お支払期限), when set. */
  dates: Array<{ label: string; value: string }>;
  subject: string | null;
  notes: string | null;
  proviso: string | null;
  paymentMethod: string | null;
  receivedAmount: string | null;
  recipient: {
    name: string;
    honorific: string;
    department: string | null;
    personInCharge: string | null;
    postalCode: string | null;
    address: string[];
  };
  issuer: {
    name: string;
    department: string | null;
    personInCharge: string | null;
    postalCode: string | null;
    address: string[];
    tel: string | null;
    fax: string | null;
    email: string | null;
    registeredNo: string | null;
    logo: SnapshotImage | null;
    /** Only when the document settings print the stamp. */
    stamp: SnapshotImage | null;
    /** Images left off because the stored file no longer decodes (kept from before uploads were decoded). */
    unreadableImages?: Array<"logo" | "stamp">;
  };
  /** `taxCategory` is absent from snapshots taken before tax categories (ADR 016). */
  lines: Array<{ description: string; quantity: string; unit: string | null; unitPrice: string; taxCategory?: TaxCategoryId; taxRate: number; amount: string }>;
  taxType: (typeof TAX_TYPES)[number]["key"];
  withholding: boolean;
  totals: ShownTotals;
  bankAccounts: Array<{ bankName: string; branchName: string; accountType: string; accountNo: string; accountName: string }>;
  /** A correction (修正) or a credit note (赤伝) names the document it corrects; absent on snapshots taken before corrections existed. */
  reference?: SnapshotReference | null;
};

/**
 * What a correction or a credit note states about the original: its number
 * and date (修正適格請求書 / 赤伝), the revision, what changed and why.
 */
export type SnapshotReference = {
  type: "correction" | "creditNote";
  number: string;
  issueDate: string;
  revision: number;
  changes: string[];
  reason: string | null;
};

/**
 * Totals as a document shows them. Snapshots taken before tax categories have
 * no `untaxed`, and their `byRate` may hold one 0 % row for all lines without tax.
 */
export type ShownTotals = Omit<Totals, "untaxed"> & { untaxed?: UntaxedTotal[] };

/** One row of the totals per rate and per category: its label, its amount and, for a taxed rate, its tax. */
export type TotalsRow = { key: string; label: string; rate: RateTotal | null; amount: string };

/** The rows per rate (10 %, 8 %※) and per category without tax (非課税, 不課税, 免税, 立替金), as printed. */
export function totalsRows(totals: ShownTotals): TotalsRow[] {
  return [
    ...totals.byRate.map((rate) =>
      rate.rate === 0
        ? { key: "legacy-0", label: "非課税・不課税", rate: null, amount: rate.taxExcluded }
        : { key: `rate-${rate.rate}`, label: `${rate.rate}%対象${rate.rate === 8 ? "※" : ""}`, rate, amount: rate.taxExcluded },
    ),
    ...(totals.untaxed ?? []).map((total) => ({ key: total.category, label: taxCategoryOf(total.category).label, rate: null, amount: total.amount })),
  ];
}

/** What follows a printed line's description: ※ for the reduced rate, the category for lines without tax. */
export function lineTaxMark(line: { taxCategory?: TaxCategoryId; taxRate: number }): string {
  if (line.taxRate === 8) return " ※";
  if (!line.taxCategory || line.taxRate !== 0) return "";
  return `（${taxCategoryOf(line.taxCategory).label}）`;
}

export type DocumentSnapshot = { id: number; documentId: number; revision: number; createdAt: string; content: SnapshotContent };

/** How the copy is marked: a draft's preview, a copy before its approval (no seal, decision 049), or a voided document's record. */
export type CopyMark = "draft" | "unapproved" | "voided" | null;

/** The label of a bank account type as printed (普通, 当座, 貯蓄). */
export function accountTypeLabel(id: number): string {
  return BANK_ACCOUNT_TYPES.find((type) => type.id === id)?.label ?? "";
}

/** What the amount in the heading is called on each kind. */
export const AMOUNT_HEADINGS: Record<DocumentKind, string> = {
  estimate: "御見積金額",
  delivery_slip: "合計金額",
  invoice: "ご請求金額",
  receipt: "領収金額",
};

/** The kind's own date on the printed page. */
export const KIND_DATE_LABELS: Record<DocumentKind, string | null> = {
  estimate: "有効期限",
  delivery_slip: "納品日",
  invoice: "お支払期限",
  receipt: null,
};

/**
 * The recipient's lines as printed: the address above the name, department
 * and person below it. One rule for the print page and the PDF.
 */
export function recipientLines(recipient: SnapshotContent["recipient"]): { above: string[]; below: string[] } {
  return {
    above: [recipient.postalCode ? `〒${recipient.postalCode}` : null, ...recipient.address].filter((line): line is string => Boolean(line)),
    below: [recipient.department, recipient.personInCharge ? `${recipient.personInCharge} 様` : null].filter((line): line is string => Boolean(line)),
  };
}

/** The issuer's lines under the company name, as printed; the registration number is shown apart by each layout. */
export function issuerLines(issuer: SnapshotContent["issuer"]): string[] {
  return [
    issuer.department,
    issuer.postalCode ? `〒${issuer.postalCode}` : null,
    ...issuer.address,
    issuer.tel ? `TEL ${issuer.tel}` : null,
    issuer.fax ? `FAX ${issuer.fax}` : null,
    issuer.email,
    issuer.personInCharge ? `担当 ${issuer.personInCharge}` : null,
  ].filter((line): line is string => Boolean(line));
}

/** What a correction or credit note states about the document it replaces or cancels (修正適格請求書, 赤伝). */
export function referenceLines(content: Pick<SnapshotContent, "title" | "reference">): string[] {
  const reference = content.reference;
  if (!reference) return [];
  const original = `${formatJapaneseDate(reference.issueDate)} 発行の${content.title.replace(/（.*）$/, "")} No.${reference.number}`;
  if (reference.type === "creditNote") return [`本書は、${original} を取り消す赤伝です。`, ...(reference.reason ? [`理由：${reference.reason}`] : [])];
  return [
    `本書は、${original} の記載事項を修正したもの（第${reference.revision}版）です。`,
    ...(reference.changes.length > 0 ? [`修正内容：${reference.changes.join("、")}`] : []),
    ...(reference.reason ? [`修正理由：${reference.reason}`] : []),
  ];
}

/** The word printed across a copy that is not the customer's record: a draft's preview, a copy before approval, or a voided document. */
export const COPY_MARK_LABELS: Record<Exclude<CopyMark, null>, string> = { draft: "下書き", unapproved: "承認前", voided: "無効" };

/** The amount in the heading: what is due after withholding, or what was received. */
export function headlineAmount(content: SnapshotContent): string {
  if (content.kind === "receipt" && content.receivedAmount) return content.receivedAmount;
  return content.totals.amountDue;
}

/** A download name safe on every system: kind, number and customer, without characters file systems refuse. */
export function snapshotFileName(content: SnapshotContent): string {
  const safe = (text: string) =>
    [...text]
      .map((character) => (/[\\/:*?"<>|]/.test(character) || character.charCodeAt(0) < 0x20 || character === "\u007f" ? "_" : character))
      .join("")
      .trim();
  return `${content.title}_${safe(content.number)}_${safe(content.recipient.name)}${content.recipient.honorific}.pdf`;
}

/**
 * The Payment API answers in snake_case (api/snake-case.ts); a snapshot is
 * read back into the camelCase shape above, key by key.
 */
export function snapshotFromApi(body: unknown): DocumentSnapshot {
  const camel = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(camel);
    if (value === null || typeof value !== "object") return value;
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase()), camel(inner)]));
  };
  return camel(body) as DocumentSnapshot;
}
