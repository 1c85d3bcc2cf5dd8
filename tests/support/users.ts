import type { SessionUser } from "~/session-user";
import { DEMO_BANKS, DEMO_COMPANIES, DEMO_USERS } from "../../sandbox/demo-data";

/** The session a demo user of the sandbox has once signed in. */
export function sessionUserOf(login: string, overrides: Partial<SessionUser> = {}): SessionUser {
  const user = DEMO_USERS.find((candidate) => candidate.login === login);
  if (!user) throw new Error(`no demo user ${login}`);
  const bank = DEMO_BANKS.find((candidate) => candidate.bankCode === user.bankCode)!;
  const company = DEMO_COMPANIES.find((candidate) => candidate.companyUniqueCode === user.companyUniqueCode);
  return {
    userUniqueCode: user.userUniqueCode,
    userType: user.userType,
    lastName: user.lastName,
    firstName: user.firstName,
    bankCode: user.bankCode,
    bankName: bank.name,
    branchName: user.branch?.name ?? null,
    companyName: company?.name ?? null,
    companyUniqueCode: user.companyUniqueCode,
    paymentRole: user.paymentRole,
    receiveEnabled: bank.receiveEnabled,
    hasCookieTerms: true,
    planId: user.paymentRole === null ? null : (company?.planId ?? null),
    previousPlanId: null,
    withdrawalDate: null,
    ...overrides,
  };
}

/** Demo users (sandbox/demo-data.ts) as sessions, for tests that need a signed-in page or a token. */
export const fixtureUsers = {
  owner: sessionUserOf("owner@demo.example"),
  user: sessionUserOf("user@demo.example"),
  staff: sessionUserOf("staff@demo.example"),
  newhire: sessionUserOf("newhire@demo.example"),
  newcomer: sessionUserOf("newcomer@demo.example", { hasCookieTerms: false }),
  shinkinOwner: sessionUserOf("owner@shinkin.example"),
  miraiOwner: sessionUserOf("owner@mirai.example"),
  bankAdmin: sessionUserOf("bankadmin@demo.example"),
  systemAdmin: sessionUserOf("sysadmin@demo.example"),
  branchAdmin: sessionUserOf("branchadmin@demo.example"),
  branchUser: sessionUserOf("branchuser@demo.example"),
  operator: sessionUserOf("operator@demo.example"),
} satisfies Record<string, SessionUser>;

export type FixtureUserName = keyof typeof fixtureUsers;
