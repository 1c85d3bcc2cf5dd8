import { Router } from "express";
import { requireCaller, type TrustedIssuer } from "../api/auth";
import { apiErrorHandler, badRequest, forbidden, notFound } from "../api/errors";
import { daysAfter } from "../domain/due-date";
import { normalizeIsoDate } from "../domain/normalize";
import { isAdminUserType } from "../domain/roles";
import { DEMO_BANKS, type DemoUser } from "./demo-data";
import { allUsers, companyOf, userOf } from "./directory";
import { demoStatementOf } from "./demo-statement";
import { ssoProfileOf } from "./sso-profile";
import { writeZenginStatement } from "./zengin-file";

/** The days a 全銀 file's 和暦 YYMMDD can say as the reader takes them back (平成31 to 令和30, sandbox/zengin-file.ts). */
const ZENGIN_FIRST_DAY = "2019-01-01";
const ZENGIN_LAST_DAY = "2048-12-31";

/** A statement's period from the query: two real YYYY-MM-DD dates, in order, at most a year apart; a 400 in Japanese otherwise. */
function statementPeriodOf(query: Record<string, unknown>): { from: string; to: string } {
  const dateOf = (name: "from" | "to", label: string) => {
    const value = query[name];
    if (typeof value !== "string" || value === "") throw badRequest(`${label}（${name}）を YYYY-MM-DD の形式で指定してください。`);
    const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? normalizeIsoDate(value) : null;
    if (!date) throw badRequest(`${label}（${name}）「${value}」は日付として正しくありません。YYYY-MM-DD の形式で指定してください。`);
    if (date < ZENGIN_FIRST_DAY || date > ZENGIN_LAST_DAY)
      throw badRequest(`${label}（${name}）は2019年1月1日から2048年12月31日までの日付で指定してください。`);
    return date;
  };
  const from = dateOf("from", "期間の初日");
  const to = dateOf("to", "期間の末日");
  if (from > to) throw badRequest("期間の初日（from）が末日（to）より後になっています。");
  // At most a year: the last day comes before the same date a year later (2026-04-01 to 2027-03-31; 02-29 rolls to 03-01).
  if (to >= daysAfter(`${Number(from.slice(0, 4)) + 1}${from.slice(4)}`, 0)) throw badRequest("期間は1年以内で指定してください。");
  return { from, to };
}

/**
 * The bank's own service (SPEC §7: bank service) for the sandbox: app config,
 * the caller's company and user, user search and the account's 入出金明細,
 * from the demo data and authenticated with the user's id token.
 */
export function createSandboxBankService({ issuers, clientId }: { issuers: TrustedIssuer[]; clientId: string }): Router {
  const api = Router();
  api.use(requireCaller({ issuers, clientId }));

  const callerUser = (userUniqueCode: string): DemoUser => {
    const user = userOf(userUniqueCode);
    if (!user) throw notFound("ユーザーが見つかりません。");
    return user;
  };

  // The config as the caller's bank gives it to the caller: whether their company's payment method is on file is theirs.
  api.get("/app/config", (req, res) => {
    const bank = DEMO_BANKS.find((candidate) => candidate.bankCode === req.caller!.bankCode);
    if (!bank) throw notFound("銀行が見つかりません。");
    const company = companyOf(req.caller!.companyUniqueCode);
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
    const company = companyOf(req.caller!.companyUniqueCode);
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
      res.json({ result: { users: allUsers().filter(visible).map(ssoProfileOf) } });
      return;
    }
    const found = allUsers().find((candidate) => candidate.userUniqueCode === code && visible(candidate));
    if (!found) throw notFound("ユーザーが見つかりません。");
    res.json({ result: { user: ssoProfileOf(found) } });
  });

  // The account's 入出金取引明細 as a 全銀 file (docs/api.md): the company's own account, so bank staff have none.
  api.get("/account/statement", (req, res) => {
    const caller = req.caller!;
    if (isAdminUserType(caller.userType)) throw forbidden("入出金明細は企業のユーザーだけが取得できます。");
    const format = req.query.format ?? "zengin";
    if (format !== "zengin") throw badRequest("形式（format）は zengin（全銀協規定形式）だけに対応しています。");
    const period = statementPeriodOf(req.query);
    const company = companyOf(caller.companyUniqueCode);
    const statement = company ? demoStatementOf(company, period) : null;
    if (!statement) throw notFound("口座が見つかりません。");
    res
      .type("application/octet-stream")
      .set("Content-Disposition", `attachment; filename="nyushukkin-${period.to.replaceAll("-", "")}.txt"`)
      .send(writeZenginStatement(statement));
  });

  api.use(apiErrorHandler);
  const root = Router();
  root.use("/api/v1", api);
  return root;
}
