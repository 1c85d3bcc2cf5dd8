import { randomBytes } from "node:crypto";
import express, { Router } from "express";
import type { Database } from "../api/db/client";
import { todayJst } from "../domain/datetime";
import { DEMO_BANKS, DEMO_BRANCHES, DEMO_PASSWORD, DEMO_PLANS, type DemoCompany, type DemoUser } from "./demo-data";
import { addCompany } from "./directory";
import { demoCampaign, insertCompanyPlan, insertPaymentServiceUsers } from "./seed";

export const SANDBOX_TEST_COMPANIES_PATH = "/sandbox/test-companies";

/**
 * Companies made on request for tests that must not share one (issue 30): each has a plan and an owner who signs in
 * through the sandbox's provider like a demo user, and nothing else, so what a test finds there is what it made.
 * Served only with the development routes on; the owner is known to this process alone.
 */
export function createTestCompanyFactory(db: Database): Router {
  const router = Router();
  router.post("/", express.json({ limit: "1kb" }), async (req, res, next) => {
    const { bankCode = "0001", planId = 1, withUser = false } = (req.body ?? {}) as { bankCode?: unknown; planId?: unknown; withUser?: unknown };
    const bank = DEMO_BANKS.find((candidate) => candidate.bankCode === bankCode && candidate.bankCode !== "9998");
    const plan = DEMO_PLANS.find((candidate) => candidate.planId === planId && candidate.planId > 0);
    if (!bank || !plan || (plan.planId >= 2 && !bank.receiveEnabled)) {
      res.status(400).json({ error: "bankCode は企業のある銀行、planId はその銀行の提供するプランを指定してください。" });
      return;
    }
    const id = randomBytes(4).toString("hex").toUpperCase();
    const branch = DEMO_BRANCHES.find((candidate) => candidate.bankCode === bank.bankCode)!;
    const company: DemoCompany = { companyUniqueCode: `C-TEST-${id}`, name: `テスト商事${id}`, bankCode: bank.bankCode, branchCode: branch.branchCode, planId: plan.planId };
    const owner: DemoUser = {
      login: `owner-${id.toLowerCase()}@test.example`,
      userUniqueCode: `U-TEST-${id}`,
      userType: "company_owner",
      bankCode: bank.bankCode,
      branch: null,
      companyUniqueCode: company.companyUniqueCode,
      paymentRole: 1,
      lastName: "試験",
      firstName: "一郎",
      lastNameKana: "シケン",
      firstNameKana: "イチロウ",
    };
    // A company user who may work on all the company's documents, for a test of two people (an author and an approver).
    const user: DemoUser | null =
      withUser === true
        ? { ...owner, login: `user-${id.toLowerCase()}@test.example`, userUniqueCode: `U-TEST-${id}-USER`, userType: "company_user", paymentRole: 2, referenceId: 1, firstName: "花子", firstNameKana: "ハナコ" }
        : null;
    const users = user ? [owner, user] : [owner];
    try {
      const today = todayJst();
      await db.transaction(async (tx) => {
        await insertCompanyPlan(tx, company, today, demoCampaign(today));
        await insertPaymentServiceUsers(tx, users, [company]);
      });
    } catch (error) {
      next(error);
      return;
    }
    addCompany(company, users);
    res.status(201).json({
      companyUniqueCode: company.companyUniqueCode,
      companyName: company.name,
      bankCode: bank.bankCode,
      login: owner.login,
      userUniqueCode: owner.userUniqueCode,
      userLogin: user?.login ?? null,
      password: DEMO_PASSWORD,
    });
  });
  return router;
}
