import { Router, type Request, type Response } from "express";
import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import multer from "multer";
import { companyInputSchema, type CompanyInput } from "../../domain/company";
import type { Database } from "../db/client";
import { banks, companies, companyBankAccounts } from "../db/schema";
import { requireMember } from "../membership";
import { badRequest, conflict, forField, notFound, unsupportedMediaType, validationFailed } from "../errors";
import { SIZE_LIMITS, type FilePurpose } from "../storage/file-type";
import type { FileStorage } from "../storage/storage";
import { parseBody } from "../validation";
import { handler } from "./handler";
import { idParam } from "./params";

type Company = typeof companies.$inferSelect;
type BankAccount = typeof companyBankAccounts.$inferSelect;

/** Logo and stamp arrive as files; only a changed one is sent (state `update`). */
const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: SIZE_LIMITS.image, files: 2, fields: 200, fieldSize: 64 * 1024 },
}).fields([
  { name: "logo", maxCount: 1 },
  { name: "stamp", maxCount: 1 },
]);

const STALE_SAVE = "ほかの操作で自社情報が更新されています。最新の内容を確認してから、もう一度保存してください。";

const ACCEPTED_BODIES = ["multipart/form-data", "application/x-www-form-urlencoded", "application/json"];

const companyId = (req: Request) => idParam(req, "自社情報が見つかりません。");

function uploadedFile(req: Request, name: FilePurpose): Uint8Array | null {
  const files = req.files as Record<string, Express.Multer.File[]> | undefined;
  const file = files?.[name]?.[0];
  return file ? new Uint8Array(file.buffer) : null;
}

function present(company: Company, accounts: BankAccount[]) {
  const { logoFileId, stampFileId, ...fields } = company;
  return {
    ...fields,
    logo: logoFileId ? { path: logoFileId } : null,
    stamp: stampFileId ? { path: stampFileId } : null,
    companyBankAccounts: accounts,
  };
}

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

/** Own-company profiles (SPEC §7). Every query is scoped by the caller's company. */
export function companyRoutes(db: Database, storage: FileStorage): Router {
  const router = Router();

  async function load(tenant: string, id: number) {
    const [company] = await db
      .select()
      .from(companies)
      .where(and(eq(companies.id, id), eq(companies.companyUniqueCode, tenant)))
      .limit(1);
    if (!company) throw notFound("自社情報が見つかりません。");
    return company;
  }

  async function accountsOf(companyIds: number[]) {
    if (companyIds.length === 0) return [];
    return db.select().from(companyBankAccounts).where(inArray(companyBankAccounts.companyId, companyIds)).orderBy(asc(companyBankAccounts.id));
  }

  function readBody(req: Request, res: Response) {
    return new Promise<void>((resolve, reject) => {
      if (req.headers["content-type"] && !req.is(ACCEPTED_BODIES)) {
        reject(unsupportedMediaType());
        return;
      }
      upload(req, res, (error: unknown) => (error ? reject(error) : resolve()));
    });
  }

  /** Applies logo/stamp state: keep, replace with the uploaded file, or delete. */
  async function fileChange(tx: Database, req: Request, tenant: string, purpose: "logo" | "stamp", state: "keep" | "update" | "delete", current: string | null) {
    if (state === "keep") return current;
    const bytes = uploadedFile(req, purpose);
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

  router.get(
    "/companies",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: false });
      const rows = await db.select().from(companies).where(eq(companies.companyUniqueCode, tenant)).orderBy(asc(companies.id));
      const accounts = await accountsOf(rows.map((row) => row.id));
      res.json(rows.map((row) => present(row, accounts.filter((account) => account.companyId === row.id))));
    }),
  );

  router.get(
    "/companies/:id",
    handler(async (req, res) => {
      const company = await load(await requireMember(db, req, { write: false }), companyId(req));
      res.json(present(company, await accountsOf([company.id])));
    }),
  );

  router.post(
    "/companies",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      await readBody(req, res);
      const input = parseBody(companyInputSchema, req.body);
      const created = await db.transaction(async (tx) => {
        const [existing] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.companyUniqueCode, tenant)).limit(1);
        if (existing) throw conflict("自社情報はすでに登録されています。");
        const logoFileId = await fileChange(tx, req, tenant, "logo", input.logo_state, null);
        const stampFileId = await fileChange(tx, req, tenant, "stamp", input.stamp_state, null);
        const [bank] = await tx.select({ name: banks.name }).from(banks).where(eq(banks.bankCode, req.caller!.bankCode)).limit(1);
        const [company] = await tx
          .insert(companies)
          .values({
            ...columnsOf(input),
            companyUniqueCode: tenant,
            userId: req.caller!.userUniqueCode,
            bankCode: req.caller!.bankCode,
            bankName: bank?.name ?? null,
            logoFileId,
            stampFileId,
          })
          .returning();
        if (input.company_bank_accounts.length > 0) {
          await tx.insert(companyBankAccounts).values(
            input.company_bank_accounts.map((account) => ({ ...accountColumnsOf(account), companyId: company!.id, companyUniqueCode: tenant })),
          );
        }
        return company!;
      });
      res.status(201).json(present(created, await accountsOf([created.id])));
    }),
  );

  router.post(
    "/companies/:id",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      const id = companyId(req);
      await readBody(req, res);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const override = String(body._method ?? "").toUpperCase();
      if (override !== "PATCH" && override !== "PUT") throw badRequest("更新には _method=PATCH を指定してください。");
      const input = parseBody(companyInputSchema, body);
      const version = Number(body.version);
      if (!Number.isInteger(version)) throw validationFailed({ version: ["このフィールドは必須です"] });
      const updated = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(companies).where(and(eq(companies.id, id), eq(companies.companyUniqueCode, tenant))).limit(1);
        if (!current) throw notFound("自社情報が見つかりません。");
        if (current.version !== version) throw conflict(STALE_SAVE);
        const logoFileId = await fileChange(tx, req, tenant, "logo", input.logo_state, current.logoFileId);
        const stampFileId = await fileChange(tx, req, tenant, "stamp", input.stamp_state, current.stampFileId);
        const [company] = await tx
          .update(companies)
          .set({ ...columnsOf(input), logoFileId, stampFileId, version: current.version + 1, updatedAt: new Date() })
          // The version in the condition makes a concurrent save that read the same version update nothing.
          .where(and(eq(companies.id, id), eq(companies.version, version)))
          .returning();
        if (!company) throw conflict(STALE_SAVE);

        const kept = input.company_bank_accounts.filter((account) => account.id !== null);
        const ownIds = new Set(
          (await tx.select({ id: companyBankAccounts.id }).from(companyBankAccounts).where(eq(companyBankAccounts.companyId, id))).map((row) => row.id),
        );
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
        return company!;
      });
      res.json(present(updated, await accountsOf([updated.id])));
    }),
  );

  router.delete(
    "/companies/:id",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      const id = companyId(req);
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(companies).where(and(eq(companies.id, id), eq(companies.companyUniqueCode, tenant))).limit(1);
        if (!current) throw notFound("自社情報が見つかりません。");
        await tx.delete(companies).where(eq(companies.id, id));
        for (const fileId of [current.logoFileId, current.stampFileId]) {
          if (fileId) await storage.remove(tenant, fileId, tx);
        }
      });
      res.status(204).end();
    }),
  );

  return router;
}
