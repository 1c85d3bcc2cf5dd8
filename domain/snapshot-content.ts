import { TAX_TYPES, type TaxCategoryId } from "./codes";
import { DOCUMENT_KINDS, type DocumentKind } from "./document-kinds";
import { accountTypeLabel, KIND_DATE_LABELS, type ShownTotals, type SnapshotContent, type SnapshotImage, type SnapshotReference } from "./snapshot";

/** The company as the issuer block prints it. */
export type IssuerFacts = {
  name: string;
  department: string | null;
  picName: string | null;
  postalCode: string | null;
  address1: string | null;
  address2: string | null;
  tel: string | null;
  fax: string | null;
  email: string | null;
  registeredNo: string | null;
};

/** The customer master's part of the recipient block (the name and honorific are the document's own). */
export type RecipientFacts = { department: string | null; personInCharge: string | null; postalCode: string | null; address1: string | null; address2: string | null };

/** A company bank account as the invoice offers it for payment. */
export type BankAccountFacts = { id: number; bankName: string; branchName: string; accountTypeId: number; accountNo: string; accountName: string; displayed: boolean };

/** Everything a document's printed content is made of: the document's own fields and the masters as they are now. */
export type ContentSource = {
  kind: DocumentKind;
  number: string;
  issueDate: string;
  /** The kind's own date (有効期限, 納品日, お支払期限), when set. */
  kindDate: string | null;
  subject: string | null;
  notes: string | null;
  proviso: string | null;
  paymentMethod: string | null;
  receivedAmount: string | null;
  customerName: string;
  customerHonorific: string;
  customer: RecipientFacts | null;
  personInCharge: string | null;
  issuer: IssuerFacts | null;
  images: { logo: SnapshotImage | null; stamp: SnapshotImage | null; unreadable: Array<"logo" | "stamp"> };
  lines: Array<{ description: string; quantity: string; unit: string | null; unitPrice: string; taxCategory: TaxCategoryId; taxRate: number; amount: string }>;
  taxTypeId: number;
  withholding: boolean;
  totals: ShownTotals;
  /** The company's accounts; which of them print is decided here (printedAccounts). */
  bankAccounts: BankAccountFacts[];
  /** The accounts the kind's settings name. */
  settingAccountIds: number[];
  bankAccountId: number | null;
  reference: SnapshotReference | null;
};

const TITLE_SUFFIX: Record<SnapshotReference["type"], string> = { correction: "（修正）", creditNote: "（赤伝）" };

const nonEmpty = (values: Array<string | null>) => values.filter((value): value is string => Boolean(value && value.trim()));

/** An invoice shows the account chosen on it, else those the settings name, else those marked displayed; other kinds none. */
export function printedAccounts(kind: DocumentKind, accounts: BankAccountFacts[], chosenId: number | null, settingIds: number[]): BankAccountFacts[] {
  if (kind !== "invoice") return [];
  const ids = chosenId !== null ? [chosenId] : settingIds;
  return accounts.filter((account) => (ids.length > 0 ? ids.includes(account.id) : account.displayed)).sort((a, b) => a.id - b.id);
}

/**
 * A document's printed content. The API freezes it into a snapshot when a document is issued, sent or printed;
 * the editor's preview makes it from what the form holds. One function, so the preview is what will print.
 */
export function contentFrom(source: ContentSource): SnapshotContent {
  const { kind, issuer, customer, images } = source;
  const dateLabel = KIND_DATE_LABELS[kind];
  return {
    kind,
    title: `${DOCUMENT_KINDS.find((entry) => entry.id === kind)!.label}${source.reference ? TITLE_SUFFIX[source.reference.type] : ""}`,
    number: source.number,
    issueDate: source.issueDate,
    dates: dateLabel && source.kindDate ? [{ label: dateLabel, value: source.kindDate }] : [],
    subject: source.subject,
    notes: source.notes,
    proviso: source.proviso,
    paymentMethod: source.paymentMethod,
    receivedAmount: source.receivedAmount,
    recipient: {
      name: source.customerName,
      honorific: source.customerHonorific,
      department: customer?.department ?? null,
      personInCharge: customer?.personInCharge ?? null,
      postalCode: customer?.postalCode ?? null,
      address: nonEmpty([customer?.address1 ?? null, customer?.address2 ?? null]),
    },
    issuer: {
      name: issuer?.name ?? "",
      department: issuer?.department ?? null,
      personInCharge: source.personInCharge ?? issuer?.picName ?? null,
      postalCode: issuer?.postalCode ?? null,
      address: nonEmpty([issuer?.address1 ?? null, issuer?.address2 ?? null]),
      tel: issuer?.tel ?? null,
      fax: issuer?.fax ?? null,
      email: issuer?.email ?? null,
      registeredNo: issuer?.registeredNo ?? null,
      logo: images.logo,
      stamp: images.stamp,
      ...(images.unreadable.length > 0 ? { unreadableImages: images.unreadable } : {}),
    },
    lines: source.lines,
    taxType: TAX_TYPES.find((type) => type.id === source.taxTypeId)?.key ?? "external",
    withholding: source.withholding,
    totals: source.totals,
    bankAccounts: printedAccounts(kind, source.bankAccounts, source.bankAccountId, source.settingAccountIds).map((account) => ({
      bankName: account.bankName,
      branchName: account.branchName,
      accountType: accountTypeLabel(account.accountTypeId),
      accountNo: account.accountNo,
      accountName: account.accountName,
    })),
    reference: source.reference,
  };
}
