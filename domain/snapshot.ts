import { BANK_ACCOUNT_TYPES, type TAX_TYPES } from "./codes";
import type { DocumentKind } from "./document-kinds";
import type { Totals } from "./totals";

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
  };
  lines: Array<{ description: string; quantity: string; unit: string | null; unitPrice: string; taxRate: number; amount: string }>;
  taxType: (typeof TAX_TYPES)[number]["key"];
  withholding: boolean;
  totals: Totals;
  bankAccounts: Array<{ bankName: string; branchName: string; accountType: string; accountNo: string; accountName: string }>;
};

export type DocumentSnapshot = { id: number; documentId: number; documentVersion: number; createdAt: string; content: SnapshotContent };

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
