import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import type { CompanyInput } from "../../domain/company";
import type { Database } from "../db/client";
import { banks, companies, companyBankAccounts } from "../db/schema";
import { conflict, forField, notFound, validationFailed } from "../errors";
import type { FileStorage } from "../storage/storage";

/** The company's own profile (自社情報, SPEC §7) with its bank accounts, logo and stamp. Every query is scoped by the caller's company. */

export type CompanyRow = typeof companies.$inferSelect;
export type BankAccountRow = typeof companyBankAccounts.$inferSelect;
export type CompanyWithAccounts = { company: CompanyRow; accounts: BankAccountRow[] };

/** A profile as the API answers it: the logo and stamp by their file's path, the bank accounts with it. */
export function presentCompany({ company, accounts }: CompanyWithAccounts) {
  const { logoFileId, stampFileId, ...fields } = company;
  return {
    ...fields,
    logo: logoFileId ? { path: logoFileId } : null,
    stamp: stampFileId ? { path: stampFileId } : null,
    companyBankAccounts: accounts,
  };
}

/** Logo and stamp files as they arrived with the form: a changed one only (its state `update`). */
export type CompanyUploads = { logo: Uint8Array | null; stamp: Uint8Array | null };

export const COMPANY_NOT_FOUND = "自社情報が見つかりません。";
const STALE_SAVE = "ほかの操作で自社情報が更新されています。最新の内容を確認してから、もう一度保存してください。";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

function columnsOf(input: CompanyInput) {
  return {
    companyName: input.company_name,
    registeredName: input.registered_name,
    departmentName: input.department_name,
    picName: input.pic_name,
    postalCode: input.postal_code,
    address1: input.address1,
    address2: input.address2,
    tel: input.tel,
    fax: input.fax,
    email: input.email,
    registeredNo: input.registered_no,
    peppolId: input.peppol_id,
    itemRoundingId: input.item_rounding_id,
    itemRoundingScale: input.item_rounding_scale,
    subtotalRoundingId: input.subtotal_rounding_id,
    taxId: input.tax_id,
    taxRoundingId: input.tax_rounding_id,
    fiscalYearEndMonth: input.fiscal_year_end_month,
    taxWithholdingId: input.tax_withholding_id,
  };
}

function accountColumnsOf(account: CompanyInput["company_bank_accounts"][number]) {
  return {
    bankName: account.bank_name,
    bankCode: account.bank_code,
    bankBranchName: account.bank_branch_name,
    bankBranchCode: account.bank_branch_code,
    bankAccountTypeId: account.bank_account_type_id,
    bankAccountNo: account.bank_account_no,
    bankAccountName: account.bank_account_name,
    displayed: account.displayed,
  };
}

async function accountsOf(db: Database, companyIds: number[]): Promise<BankAccountRow[]> {
  if (companyIds.length === 0) return [];
  return db.select().from(companyBankAccounts).where(inArray(companyBankAccounts.companyId, companyIds)).orderBy(asc(companyBankAccounts.id));
}

const withAccounts = async (db: Database, company: CompanyRow): Promise<CompanyWithAccounts> => ({ company, accounts: await accountsOf(db, [company.id]) });

/** Applies logo/stamp state: keep, replace with the uploaded file, or delete. */
async function fileChange(tx: Tx, storage: FileStorage, tenant: string, purpose: "logo" | "stamp", state: "keep" | "update" | "delete", bytes: Uint8Array | null, current: string | null) {
  if (state === "keep") return current;
  if (state === "update" && !bytes) throw validationFailed({ [purpose]: ["ファイルを選んでください"] });
  const next =
    state === "update"
      ? (
          await storage.save({ companyUniqueCode: tenant, purpose, bytes: bytes! }, tx).catch((error: unknown) => {
            throw forField(error, purpose);
          })
        ).id
      : null;
  if (current) await storage.remove(tenant, current, tx);
  return next;
}

export async function companiesOf(db: Database, tenant: string): Promise<CompanyWithAccounts[]> {
  const rows = await db.select().from(companies).where(eq(companies.companyUniqueCode, tenant)).orderBy(asc(companies.id));
  const accounts = await accountsOf(db, rows.map((row) => row.id));
  return rows.map((company) => ({ company, accounts: accounts.filter((account) => account.companyId === company.id) }));
}

export async function companyOf(db: Database, tenant: string, id: number): Promise<CompanyWithAccounts> {
  const [company] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, id), eq(companies.companyUniqueCode, tenant)))
    .limit(1);
  if (!company) throw notFound(COMPANY_NOT_FOUND);
  return withAccounts(db, company);
}

/** The company's first profile (one per company), named with its bank as the caller's token says. */
export async function createCompany(
  db: Database,
  storage: FileStorage,
  caller: { tenant: string; userUniqueCode: string; bankCode: string },
  input: CompanyInput,
  uploads: CompanyUploads,
): Promise<CompanyWithAccounts> {
  const { tenant } = caller;
  const created = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.companyUniqueCode, tenant)).limit(1);
    if (existing) throw conflict("自社情報はすでに登録されています。");
    const logoFileId = await fileChange(tx, storage, tenant, "logo", input.logo_state, uploads.logo, null);
    const stampFileId = await fileChange(tx, storage, tenant, "stamp", input.stamp_state, uploads.stamp, null);
    const [bank] = await tx.select({ name: banks.name }).from(banks).where(eq(banks.bankCode, caller.bankCode)).limit(1);
    const [company] = await tx
      .insert(companies)
      .values({
        ...columnsOf(input),
        companyUniqueCode: tenant,
        userId: caller.userUniqueCode,
        bankCode: caller.bankCode,
        bankName: bank?.name ?? null,
        logoFileId,
        stampFileId,
      })
      .returning();
    if (input.company_bank_accounts.length > 0) {
      await tx.insert(companyBankAccounts).values(input.company_bank_accounts.map((account) => ({ ...accountColumnsOf(account), companyId: company!.id, companyUniqueCode: tenant })));
    }
    return company!;
  });
  return withAccounts(db, created);
}

/** Saves the profile made from `version` with its accounts (kept ones updated, others removed, new ones added) and its images. */
export async function updateCompany(
  db: Database,
  storage: FileStorage,
  tenant: string,
  id: number,
  version: number,
  input: CompanyInput,
  uploads: CompanyUploads,
): Promise<CompanyWithAccounts> {
  const updated = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(companies).where(and(eq(companies.id, id), eq(companies.companyUniqueCode, tenant))).limit(1);
    if (!current) throw notFound(COMPANY_NOT_FOUND);
    if (current.version !== version) throw conflict(STALE_SAVE);
    const logoFileId = await fileChange(tx, storage, tenant, "logo", input.logo_state, uploads.logo, current.logoFileId);
    const stampFileId = await fileChange(tx, storage, tenant, "stamp", input.stamp_state, uploads.stamp, current.stampFileId);
    const [company] = await tx
      .update(companies)
      .set({ ...columnsOf(input), logoFileId, stampFileId, version: current.version + 1, updatedAt: new Date() })
      // The version in the condition makes a concurrent save that read the same version update nothing.
      .where(and(eq(companies.id, id), eq(companies.version, version)))
      .returning();
    if (!company) throw conflict(STALE_SAVE);

    const kept = input.company_bank_accounts.filter((account) => account.id !== null);
    const ownIds = new Set((await tx.select({ id: companyBankAccounts.id }).from(companyBankAccounts).where(eq(companyBankAccounts.companyId, id))).map((row) => row.id));
    const foreign = kept.find((account) => !ownIds.has(account.id!));
    if (foreign) throw validationFailed({ company_bank_accounts: ["存在しない口座が指定されました"] });
    await tx
      .delete(companyBankAccounts)
      .where(
        kept.length
          ? and(eq(companyBankAccounts.companyId, id), notInArray(companyBankAccounts.id, kept.map((account) => account.id!)))
          : eq(companyBankAccounts.companyId, id),
      );
    for (const account of kept) {
      await tx
        .update(companyBankAccounts)
        .set({ ...accountColumnsOf(account), updatedAt: new Date() })
        .where(and(eq(companyBankAccounts.id, account.id!), eq(companyBankAccounts.companyId, id)));
    }
    const added = input.company_bank_accounts.filter((account) => account.id === null);
    if (added.length) {
      await tx.insert(companyBankAccounts).values(added.map((account) => ({ ...accountColumnsOf(account), companyId: id, companyUniqueCode: tenant })));
    }
    return company;
  });
  return withAccounts(db, updated);
}

/** Deletes the profile and its logo and stamp files. */
export async function deleteCompany(db: Database, storage: FileStorage, tenant: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(companies).where(and(eq(companies.id, id), eq(companies.companyUniqueCode, tenant))).limit(1);
    if (!current) throw notFound(COMPANY_NOT_FOUND);
    await tx.delete(companies).where(eq(companies.id, id));
    for (const fileId of [current.logoFileId, current.stampFileId]) {
      if (fileId) await storage.remove(tenant, fileId, tx);
    }
  });
}
