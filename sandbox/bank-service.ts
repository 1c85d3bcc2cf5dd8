import { Router } from "express";
import { requireCaller, type TrustedIssuer } from "../api/auth";
import { apiErrorHandler, notFound } from "../api/errors";
import { isAdminUserType } from "../domain/roles";
import { DEMO_BANKS, DEMO_COMPANIES, DEMO_USERS, type DemoUser } from "./demo-data";
import { ssoProfileOf } from "./sso-profile";

/**
 * The bank's own service (SPEC §7: bank service) for the sandbox: app config,
 * the caller's company and user, and user search, from the demo data and
 * authenticated with the user's id token.
 */
export function createSandboxBankService({ issuers, clientId }: { issuers: TrustedIssuer[]; clientId: string }): Router {
  const api = Router();
  api.use(requireCaller({ issuers, clientId }));

  const callerUser = (userUniqueCode: string): DemoUser => {
    const user = DEMO_USERS.find((candidate) => candidate.userUniqueCode === userUniqueCode);
    if (!user) throw notFound("ユーザーが見つかりません。");
    return user;
  };

  // The config as the caller's bank gives it to the caller: whether their company's payment method is on file is theirs.
  api.get("/app/config", (req, res) => {
    const bank = DEMO_BANKS.find((candidate) => candidate.bankCode === req.caller!.bankCode);
    if (!bank) throw notFound("銀行が見つかりません。");
    const company = DEMO_COMPANIES.find((candidate) => candidate.companyUniqueCode === req.caller!.companyUniqueCode);
    res.json({
      result: {
        config: {
          ba_name: bank.name,
          enable_payment_receive: bank.receiveEnabled,
          check_payment_method_filled: bank.checksPaymentMethod ?? false,
          is_payment_method_filled: company?.paymentMethodFilled ?? true,
        },
      },
    });
  });

  api.get("/company/company", (req, res) => {
    const company = DEMO_COMPANIES.find((candidate) => candidate.companyUniqueCode === req.caller!.companyUniqueCode);
    if (!company) throw notFound("企業が見つかりません。");
    res.json({ result: { company: { company_unique_code: company.companyUniqueCode, company_name: company.name, bank_code: company.bankCode } } });
  });

  api.get("/user/me", (req, res) => {
    res.json({ result: { user: ssoProfileOf(callerUser(req.caller!.userUniqueCode)) } });
  });

  // Company users find people of their own company; bank staff anyone of their bank. Without a code: all of them.
  api.get("/user/search", (req, res) => {
    const code = typeof req.query.user_unique_code === "string" ? req.query.user_unique_code : "";
    const caller = req.caller!;
    const visible = (candidate: DemoUser) =>
      isAdminUserType(caller.userType) ? candidate.bankCode === caller.bankCode : candidate.companyUniqueCode === caller.companyUniqueCode;
    if (code === "") {
      res.json({ result: { users: DEMO_USERS.filter(visible).map(ssoProfileOf) } });
      return;
    }
    const found = DEMO_USERS.find((candidate) => candidate.userUniqueCode === code && visible(candidate));
    if (!found) throw notFound("ユーザーが見つかりません。");
    res.json({ result: { user: ssoProfileOf(found) } });
  });

  api.use(apiErrorHandler);
  const root = Router();
  root.use("/api/v1", api);
  return root;
}
