import { readFile } from "node:fs/promises";
import path from "node:path";
import { count } from "drizzle-orm";
import { taxCategoryOf } from "../../domain/codes";
import { searchKey } from "../../domain/normalize";
import { documentInputSchema } from "../../domain/document-input";
import type { DocumentKind } from "../../domain/document-kinds";
import { INITIAL_STATUS } from "../../domain/documents";
import { statusOnIssue } from "../../domain/lifecycle";
import { DEMO_BANKS, DEMO_COMPANIES, DEMO_CUSTOMERS, DEMO_DOCUMENTS, DEMO_ITEMS, DEMO_PLANS, DEMO_USERS } from "../../sandbox/demo-data";
import { recordHistory } from "../documents/lifecycle";
import { allocateNumber, companyRulesOf, documentColumnsOf, totalsOf, writeLines, type Writer } from "../documents/store";
import { createDatabaseFileStorage } from "../storage/storage";
import type { Database } from "./client";
import { bankPlans, banks, companies, companyBankAccounts, companyPlanHistory, companyPlans, customers, documents, items, paymentInfos, paymentServiceUsers, plans, terms } from "./schema";

const JOIN_DATE = "2026-04-01";

const COOKIE_POLICY = `帳票クラウドは、ログイン状態の維持とセキュリティのために、必要最小限のCookieを使用します。
広告や利用者の追跡を目的としたCookieは使用しません。
ブラウザの設定でCookieを無効にすると、ログインできなくなります。`;

const PRODUCT_TERMS = `第1条（目的）本規約は、帳票クラウド（以下「本サービス」）の利用条件を定めます。
第2条（利用者）本サービスは、お取引銀行を通じて利用登録をした事業者とその従業員が利用できます。
第3条（データの取扱い）利用者が登録した書類と取引先の情報は、利用者の事業のためにのみ取り扱います。`;

/**
 * Creates the sandbox's banks, plans, terms, companies and users
 * (../shared/SANDBOX.md). Does nothing when banks already exist, so it is
 * safe on every start.
 */
export async function seedDemoData(db: Database, assetsDir: string): Promise<boolean> {
  const [{ value: existing }] = (await db.select({ value: count() }).from(banks)) as [{ value: number }];
  if (existing > 0) return false;
  const [logo, stamp] = await Promise.all([
    readFile(path.join(assetsDir, "demo-logo.png")),
    readFile(path.join(assetsDir, "demo-stamp.png")),
  ]);

  await db.transaction(async (tx) => {
    await tx.insert(banks).values(
      DEMO_BANKS.map((bank) => ({ bankCode: bank.bankCode, name: bank.name, baName: bank.name, enablePaymentReceive: bank.receiveEnabled })),
    );
    await tx.insert(plans).values(DEMO_PLANS);
    // Receive plans only where the bank offers receiving; the operator's bank 9998 has no companies.
    await tx.insert(bankPlans).values(
      DEMO_BANKS.filter((bank) => bank.bankCode !== "9998").flatMap((bank) =>
        DEMO_PLANS.filter((plan) => plan.planId === 1 || (plan.planId >= 2 && bank.receiveEnabled)).map((plan) => ({ bankCode: bank.bankCode, planId: plan.planId })),
      ),
    );
    await tx.insert(terms).values([
      { kind: "cookie", title: "Cookieポリシー", body: COOKIE_POLICY, version: "1.0" },
      { kind: "product", product: "chohyo", title: "帳票クラウド利用規約", body: PRODUCT_TERMS, version: "1.0" },
    ]);

    for (const company of DEMO_COMPANIES) {
      if (company.planId === null) continue;
      const common = { companyUniqueCode: company.companyUniqueCode, planId: company.planId, joinDate: JOIN_DATE, startDate: JOIN_DATE };
      await tx.insert(paymentInfos).values(common);
      await tx.insert(companyPlans).values({ ...common, bankCode: company.bankCode, isContract: true });
      await tx.insert(companyPlanHistory).values({ companyUniqueCode: company.companyUniqueCode, event: "register", planId: company.planId });
    }
    const planOf = new Map(DEMO_COMPANIES.map((company) => [company.companyUniqueCode, company.planId ?? 0]));
    await tx.insert(paymentServiceUsers).values(
      DEMO_USERS.filter((user) => user.paymentRole !== null && user.companyUniqueCode).map((user) => ({
        userUniqueCode: user.userUniqueCode,
        companyUniqueCode: user.companyUniqueCode!,
        role: user.paymentRole!,
        planId: planOf.get(user.companyUniqueCode!) ?? 0,
        useStartDate: JOIN_DATE,
        userId: user.login,
        referenceId: user.referenceId,
      })),
    );

    // 株式会社デモ商事 starts with a registered profile: registration number, logo, stamp, two bank accounts.
    const storage = createDatabaseFileStorage(tx);
    const logoFile = await storage.save({ companyUniqueCode: "C-DEMO", purpose: "logo", bytes: logo }, tx);
    const stampFile = await storage.save({ companyUniqueCode: "C-DEMO", purpose: "stamp", bytes: stamp }, tx);
    const [demo] = await tx
      .insert(companies)
      .values({
        companyUniqueCode: "C-DEMO",
        userId: "owner@demo.example",
        companyName: "株式会社デモ商事",
        registeredName: "株式会社デモ商事",
        departmentName: "営業部",
        picName: "山田 太郎",
        postalCode: "100-0005",
        address1: "東京都千代田区丸の内1-1-1",
        address2: "デモビル5階",
        tel: "03-1234-5678",
        fax: "03-1234-5679",
        email: "info@demo.example",
        registeredNo: "T9010401234567",
        logoFileId: logoFile.id,
        stampFileId: stampFile.id,
        bankCode: "0001",
        bankName: "デモ銀行",
      })
      .returning();
    await tx.insert(companyBankAccounts).values([
      { companyId: demo!.id, companyUniqueCode: "C-DEMO", bankName: "デモ銀行", bankCode: "0001", bankBranchName: "本店営業部", bankBranchCode: "001", bankAccountTypeId: 1, bankAccountNo: "1234567", bankAccountName: "カ）デモショウジ", displayed: true },
      { companyId: demo!.id, companyUniqueCode: "C-DEMO", bankName: "デモ銀行", bankCode: "0001", bankBranchName: "新宿支店", bankBranchCode: "101", bankAccountTypeId: 2, bankAccountNo: "7654321", bankAccountName: "カ）デモショウジ", displayed: false },
    ]);
    await tx.insert(customers).values(
      DEMO_CUSTOMERS.map((customer) => ({
        ...customer,
        emails: [...customer.emails],
        companyUniqueCode: "C-DEMO",
        searchKey: searchKey(`${customer.name} ${customer.nameKana}`),
      })),
    );
    await tx
      .insert(items)
      .values(DEMO_ITEMS.map((item) => ({ ...item, taxRate: taxCategoryOf(item.taxCategory).rate, companyUniqueCode: "C-DEMO", searchKey: searchKey(`${item.code} ${item.name}`) })));
    await seedDemoDocuments(tx);
  });
  return true;
}

/** The demo documents, made the way the Payment API makes them: numbers, frozen rules, totals, history. */
async function seedDemoDocuments(tx: Writer) {
  const tenant = "C-DEMO";
  const ownerUser = DEMO_USERS.find((user) => user.userUniqueCode === "U-DEMO-OWNER")!;
  const owner = ownerUser.userUniqueCode;
  const actor = { code: owner, name: `${ownerUser.lastName} ${ownerUser.firstName}` };
  const customerRows = await tx.select().from(customers);
  const itemRows = await tx.select().from(items);
  const rules = await companyRulesOf(tx, tenant);
  const made = new Map<string, number>();
  for (const demo of DEMO_DOCUMENTS) {
    const kind: DocumentKind = demo.kind;
    const customer = customerRows.find((row) => row.name === DEMO_CUSTOMERS[demo.customer]!.name)!;
    const input = documentInputSchema.parse({
      issue_date: demo.issueDate,
      customer_id: customer.id,
      customer_name: customer.name,
      customer_honorific: customer.honorific,
      subject: demo.subject ?? undefined,
      withholding: "withholding" in demo && demo.withholding ? "on" : undefined,
      due_date: kind === "invoice" ? "2026-12-31" : undefined,
      lines: demo.lines.map(([code, quantity]) => {
        const item = itemRows.find((row) => row.code === code)!;
        return { item_id: item.id, description: item.name, quantity, unit: item.unit ?? undefined, unit_price: item.unitPrice, tax_category: item.taxCategory };
      }),
    });
    const totals = totalsOf(input, rules);
    const number = await allocateNumber(tx, tenant, kind, input.issue_date);
    const sourceId = "source" in demo ? (made.get(demo.source) ?? null) : null;
    const [row] = await tx
      .insert(documents)
      .values({
        ...documentColumnsOf(kind, input, totals, customer.id),
        ...rules,
        companyUniqueCode: tenant,
        kind,
        number,
        status: demo.status,
        sourceDocumentId: sourceId,
        copyMode: sourceId ? (kind === "invoice" ? "copy_estimate" : "copy_invoice") : "new",
        origin: sourceId ? "from_detail" : null,
        issuedAt: demo.issued ? new Date(`${demo.issueDate}T09:00:00+09:00`) : null,
        createdBy: owner,
      })
      .returning({ id: documents.id });
    made.set(demo.key, row!.id);
    await writeLines(tx, row!.id, input, totals);
    // The history a user would have left: made, issued (which bills an invoice), then moved on.
    const initial = INITIAL_STATUS[kind];
    await recordHistory(tx, row!, { event: "created", from: null, to: initial }, actor);
    const issued = demo.issued ? statusOnIssue(kind, initial) : initial;
    if (demo.issued) await recordHistory(tx, row!, { event: "issued", from: initial, to: issued, revision: 1 }, actor);
    if (demo.status !== issued) await recordHistory(tx, row!, { event: "status", from: issued, to: demo.status }, actor);
  }
}
