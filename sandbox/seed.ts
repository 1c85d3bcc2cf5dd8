import { readFile } from "node:fs/promises";
import path from "node:path";
import { count } from "drizzle-orm";
import { taxCategoryOf } from "../domain/codes";
import { todayJst } from "../domain/datetime";
import { firstOfMonth, lastOfMonth, registrationTerms, withdrawalDateFor, type Campaign } from "../domain/plans";
import { searchKey } from "../domain/normalize";
import { documentInputSchema } from "../domain/document-input";
import type { DocumentKind } from "../domain/document-kinds";
import { INITIAL_STATUS } from "../domain/documents";
import { INVOICE_PAID, statusOnIssue } from "../domain/lifecycle";
import { daysAfter } from "../domain/due-date";
import { type DemoCompany, type DemoUser, SANDBOX_PEPPOL_COMPANIES, DEMO_BANKS, DEMO_BRANCHES, DEMO_COMPANIES, DEMO_CUSTOMERS, DEMO_DOCUMENTS, DEMO_ITEMS, DEMO_PLANS, DEMO_USERS } from "./demo-data";
import { recordHistory } from "../api/documents/lifecycle";
import { allocateNumber, companyRulesOf, documentColumnsOf, totalsOf, writeLines, type Writer } from "../api/documents/store";
import { createDatabaseFileStorage } from "../api/storage/storage";
import { seedDemoReceived } from "./seed-received";
import { seedDemoRecurring } from "./seed-recurring";
import { seedDemoApprovals } from "./seed-approvals";
import type { Database } from "../api/db/client";
import { bankBranches, bankNotices, bankPlans, banks, companies, companyEnrollments, freeTrialReservations, companyBankAccounts, companyPlanHistory, companyPlans, customers, documents, items, paymentInfos, paymentServiceUsers, payments, plans, terms } from "../api/db/schema";

const JOIN_DATE = "2026-04-01";

const COOKIE_POLICY = `帳票クラウドは、ログイン状態の維持とセキュリティのために、必要最小限のCookieを使用します。
広告や利用者の追跡を目的としたCookieは使用しません。
ブラウザの設定でCookieを無効にすると、ログインできなくなります。`;

const PRODUCT_TERMS = `第1条（目的）本規約は、帳票クラウド（以下「本サービス」）の利用条件を定めます。
第2条（利用者）本サービスは、お取引銀行を通じて利用登録をした事業者とその従業員が利用できます。
第3条（データの取扱い）利用者が登録した書類と取引先の情報は、利用者の事業のためにのみ取り扱います。`;

const DEMO_BANK_TERMS = `第1条（適用）本規約は、デモ銀行（以下「当行」）が提供する帳票クラウド（以下「本サービス」）の利用に適用されます。本規約に定めのない事項は、帳票クラウド利用規約によります。
第2条（利用資格）本サービスは、当行のビジネス向けインターネットバンキングを契約している法人および個人事業主が利用できます。
第3条（利用料金）利用料金は、お申し込みのプランに応じて、毎月末日に当行所定の口座から引き落とします。
第4条（免責）当行は、通信回線の障害その他当行の責めに帰すことのできない事由により生じた損害について責任を負いません。`;

const MIRAI_BANK_TERMS = `第1条（総則）本規約は、みらい地方銀行（以下「当行」）の取引先が帳票クラウド（以下「本サービス」）を利用する際の条件を定めるものです。
第2条（ログイン）本サービスへのログインには、当行が発行する「みらいビジネスID」を使用します。IDとパスワードの管理は利用者の責任で行ってください。
第3条（利用料金）当行が別に定める期間は、利用料金を無料とします。無料期間の終了後は、当行所定の口座から引き落とします。
第4条（規約の変更）当行は、当行のホームページで事前に告知したうえで、本規約を変更できるものとします。`;

const ID_TERMS = `第1条（目的）本規約は、Kokopelli ID（以下「本ID」）の発行と利用の条件を定めます。
第2条（本IDの管理）利用者は、本IDとパスワードを第三者に知られないよう管理するものとし、第三者に利用させてはなりません。
第3条（不正利用）本IDの不正利用に気付いたときは、直ちにお取引銀行に連絡してください。
第4条（個人情報）本IDの発行と認証のために取得した情報は、プライバシーポリシーに従って取り扱います。`;

/** The day the demo texts took effect, in Japan. */
const TERMS_EFFECTIVE = new Date("2026-04-01T00:00:00+09:00");

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
      DEMO_BANKS.map((bank) => ({ bankCode: bank.bankCode, name: bank.name, baName: bank.name, enablePaymentReceive: bank.receiveEnabled, checkPaymentMethodFilled: bank.checksPaymentMethod ?? false })),
    );
    await tx.insert(plans).values(DEMO_PLANS);
    // Receive plans only where the bank offers receiving; the operator's bank 9998 has no companies.
    await tx.insert(bankPlans).values(
      DEMO_BANKS.filter((bank) => bank.bankCode !== "9998").flatMap((bank) =>
        DEMO_PLANS.filter((plan) => plan.planId === 1 || (plan.planId >= 2 && bank.receiveEnabled)).map((plan) => ({ bankCode: bank.bankCode, planId: plan.planId })),
      ),
    );
    await tx.insert(terms).values([
      { kind: "cookie", title: "Cookieポリシー", body: COOKIE_POLICY, version: "1.0", publishedAt: TERMS_EFFECTIVE },
      { kind: "product", product: "chohyo", title: "帳票クラウド利用規約", body: PRODUCT_TERMS, version: "1.0", publishedAt: TERMS_EFFECTIVE },
      // Two banks publish their own version of the product's terms; 0002 shows the product's.
      { kind: "bank", product: "chohyo", bankCode: "0001", title: "帳票クラウド利用規約（デモ銀行）", body: DEMO_BANK_TERMS, version: "1.2", publishedAt: TERMS_EFFECTIVE },
      { kind: "bank", product: "chohyo", bankCode: "0182", title: "みらい地方銀行 帳票クラウドご利用規約", body: MIRAI_BANK_TERMS, version: "2.0", publishedAt: new Date("2026-06-01T00:00:00+09:00") },
      { kind: "id", title: "Kokopelli ID 利用規約", body: ID_TERMS, version: "1.0", publishedAt: TERMS_EFFECTIVE },
    ]);

    const today = todayJst();
    const campaign = demoCampaign(today);
    await tx.insert(freeTrialReservations).values([
      { bankCode: "0001", ...campaign, createdBy: "U-BANK-ADMIN" },
      // サンプル信用金庫's head office plans one for next month; みらい地方銀行's ran last year.
      { bankCode: "0002", branchCode: "001", freeMonths: 3, startDate: firstOfMonth(today, 1), finishDate: lastOfMonth(firstOfMonth(today, 2)), createdBy: "U-OPERATOR" },
      { bankCode: "0182", freeMonths: 1, startDate: "2025-04-01", finishDate: "2025-06-30", createdBy: "U-OPERATOR" },
    ]);
    await tx.insert(bankBranches).values(DEMO_BRANCHES);
    await tx.insert(bankNotices).values({
      bankCode: "0001",
      kind: "maintenance",
      title: "システムメンテナンスのお知らせ",
      body: "メンテナンスの間は、帳票クラウドをご利用いただけません。",
      startsAt: new Date(`${firstOfMonth(today, 1)}T01:00:00+09:00`),
      endsAt: new Date(`${firstOfMonth(today, 1)}T05:00:00+09:00`),
      publishFrom: today,
      publishUntil: firstOfMonth(today, 1),
      createdBy: "U-BANK-ADMIN",
    });
    for (const company of DEMO_COMPANIES) await insertCompanyPlan(tx, company, today, campaign);
    await insertPaymentServiceUsers(tx, DEMO_USERS, DEMO_COMPANIES);

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
    await seedPeppolParticipants(tx);
    await seedDemoDocuments(tx);
    await seedDemoReceived(tx);
    await seedDemoRecurring(tx);
    await seedDemoApprovals(tx);
  });
  return true;
}

/**
 * Two Peppol participants, so a digital invoice can go through the sandbox's access point and arrive (decision 045):
 * 株式会社はじまり商会 can send one (registration number, Peppol ID, an account with its codes, and its customer
 * 合同会社かわる with that company's Peppol ID), and 合同会社かわる, whose plan includes receiving, takes it in.
 */
async function seedPeppolParticipants(tx: Writer) {
  const { sender, receiver } = SANDBOX_PEPPOL_COMPANIES;
  const [hajimari] = await tx
    .insert(companies)
    .values({
      companyUniqueCode: sender.companyUniqueCode,
      userId: "campaign@demo.example",
      companyName: sender.name,
      registeredName: sender.name,
      postalCode: "150-0002",
      address1: "東京都渋谷区渋谷2-2-2",
      tel: "03-2222-3333",
      registeredNo: sender.registeredNo,
      peppolId: sender.peppolId,
      bankCode: "0001",
      bankName: "デモ銀行",
    })
    .returning();
  await tx.insert(companyBankAccounts).values({
    companyId: hajimari!.id,
    companyUniqueCode: sender.companyUniqueCode,
    bankName: "デモ銀行",
    bankCode: "0001",
    bankBranchName: "駅前支店",
    bankBranchCode: "002",
    bankAccountTypeId: 1,
    bankAccountNo: "2345678",
    bankAccountName: "カ）ハジマリショウカイ",
    displayed: true,
  });
  await tx.insert(companies).values({
    companyUniqueCode: receiver.companyUniqueCode,
    userId: "changed@demo.example",
    companyName: receiver.name,
    registeredName: receiver.name,
    postalCode: "530-0001",
    address1: "大阪府大阪市北区梅田3-3-3",
    peppolId: receiver.peppolId,
    bankCode: "0001",
    bankName: "デモ銀行",
  });
  await tx.insert(customers).values({
    companyUniqueCode: sender.companyUniqueCode,
    name: receiver.name,
    nameKana: "カワル",
    honorific: "御中",
    peppolId: receiver.peppolId,
    searchKey: searchKey(`${receiver.name} カワル`),
  });
}

/** The bank's campaign, open from last month to the end of next: registering gives two free months. */
export function demoCampaign(today: string): Campaign {
  return { freeMonths: 2, startDate: firstOfMonth(today, -1), finishDate: lastOfMonth(firstOfMonth(today, 1)) };
}

/** A demo company's plan (none when it has not registered yet), with its history and any earlier enrollment. */
export async function insertCompanyPlan(tx: Writer, company: DemoCompany, today: string, campaign: Campaign) {
  if (company.planId === null) return;
  const plan = demoPlanOf(company.planId, company.planState, today, campaign);
  const named = { branchCode: company.branchCode, companyName: company.name, nameSearchKey: searchKey(company.name) };
  await tx.insert(paymentInfos).values({ companyUniqueCode: company.companyUniqueCode, ...plan.payment });
  await tx.insert(companyPlans).values({ companyUniqueCode: company.companyUniqueCode, bankCode: company.bankCode, isContract: true, ...named, ...plan.plan });
  // The registration happened on the join date; later events (a change, a cancellation) today.
  const joinedAt = new Date(`${plan.plan.joinDate}T10:00:00+09:00`);
  await tx
    .insert(companyPlanHistory)
    .values(plan.history.map((event, index) => ({ companyUniqueCode: company.companyUniqueCode, ...event, ...(index === 0 ? { occurredAt: joinedAt } : {}) })));
  const earlier = company.earlierEnrollment;
  if (earlier) {
    await tx.insert(companyEnrollments).values({ companyUniqueCode: company.companyUniqueCode, bankCode: company.bankCode, branchCode: company.branchCode, companyName: company.name, planId: earlier.planId, joinDate: earlier.joinDate, startDate: earlier.joinDate, withdrawalDate: earlier.withdrawalDate });
    await tx.insert(companyPlanHistory).values([
      { companyUniqueCode: company.companyUniqueCode, event: "register", planId: earlier.planId, occurredAt: new Date(`${earlier.joinDate}T10:00:00+09:00`) },
      { companyUniqueCode: company.companyUniqueCode, event: "unregister", planId: earlier.planId, occurredAt: new Date(`${earlier.withdrawalDate}T10:00:00+09:00`) },
    ]);
  }
}

/** The payment service users of those demo users who have one, on their company's plan. */
export async function insertPaymentServiceUsers(tx: Writer, users: DemoUser[], companiesOfUsers: DemoCompany[]) {
  const planOf = new Map(companiesOfUsers.map((company) => [company.companyUniqueCode, company.planId ?? 0]));
  const withRole = users.filter((user) => user.paymentRole !== null && user.companyUniqueCode);
  if (withRole.length === 0) return;
  await tx.insert(paymentServiceUsers).values(
    withRole.map((user) => ({
      userUniqueCode: user.userUniqueCode,
      companyUniqueCode: user.companyUniqueCode!,
      role: user.paymentRole!,
      planId: planOf.get(user.companyUniqueCode!) ?? 0,
      useStartDate: JOIN_DATE,
      userId: user.login,
      // The sandbox's logins are the users' addresses: approval mails reach its mailbox (decision 049).
      email: user.login,
      referenceId: user.referenceId,
      name: `${user.lastName} ${user.firstName}`,
    })),
  );
}

/**
 * A demo company's plan in the state it demonstrates, relative to the day the
 * seed runs (ADR 022): registered long ago, in a campaign's free months,
 * cancelling at the end of this month, or having changed plan today.
 */
function demoPlanOf(planId: number, state: DemoCompany["planState"], today: string, campaign: Campaign) {
  const registered = { planId, joinDate: JOIN_DATE, startDate: JOIN_DATE };
  const history: Array<{ event: string; planId: number; previousPlanId?: number }> = [{ event: "register", planId }];
  switch (state) {
    case "campaign": {
      // Joined last month in the campaign's window, so this month is the first free one.
      const joined = firstOfMonth(today, -1);
      const terms = registrationTerms(joined, campaign);
      const applied = terms.campaign!;
      return {
        payment: { planId, joinDate: terms.joinDate, startDate: terms.startDate },
        plan: {
          planId,
          joinDate: terms.joinDate,
          startDate: terms.startDate,
          isFreeTerm: true,
          isCampaign: true,
          campaignNumOfMonths: applied.freeMonths,
          campaignStartDate: applied.startDate,
          campaignFinishDate: applied.finishDate,
          isCampaignApplied: true,
          appliedCampaignNumOfMonths: applied.freeMonths,
          appliedCampaignStartDate: applied.appliedStartDate,
          appliedCampaignFinishDate: applied.appliedFinishDate,
          appliedCampaignEndDate: applied.finishDate,
        },
        history,
      };
    }
    case "cancellation_pending": {
      const withdrawalDate = withdrawalDateFor(today);
      return {
        payment: { ...registered, withdrawalDate, endDate: withdrawalDate },
        plan: { ...registered, isSubscribeCancellation: true, withdrawalDate, endDate: withdrawalDate },
        history: [...history, { event: "unregister", planId }],
      };
    }
    case "free_term": {
      // Registered today: the rest of this month is free.
      const terms = registrationTerms(today, null);
      const joined = { planId, joinDate: terms.joinDate, startDate: terms.startDate };
      return { payment: joined, plan: { ...joined, isFreeTerm: true }, history };
    }
    case "withdrawn": {
      // Left at the end of last month.
      const withdrawalDate = lastOfMonth(firstOfMonth(today, -1));
      return {
        payment: { ...registered, withdrawalDate, endDate: withdrawalDate },
        plan: { ...registered, isSubscribeCancellation: true, withdrawalDate, endDate: withdrawalDate },
        history: [...history, { event: "unregister", planId }],
      };
    }
    case "changed_this_month":
      return {
        payment: registered,
        plan: { ...registered, previousPlanId: 1, isPlanChanged: true, planChangedOn: today },
        history: [{ event: "register", planId: 1 }, { event: "addplan", planId, previousPlanId: 1 }],
      };
    default:
      return { payment: registered, plan: registered, history };
  }
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
    // 入金済 follows the payments (decision 033): a paid demo invoice was paid by transfer, its balance a week after it was issued.
    if (kind === "invoice" && demo.status === INVOICE_PAID) {
      await tx.insert(payments).values({
        documentId: row!.id,
        companyUniqueCode: tenant,
        paidOn: daysAfter(demo.issueDate, 7),
        amount: Math.ceil(Number(totals.amountDue)),
        method: "transfer",
        createdBy: owner,
      });
    }
  }
}
