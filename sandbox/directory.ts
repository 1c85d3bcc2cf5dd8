import { DEMO_COMPANIES, DEMO_USERS, type DemoCompany, type DemoUser } from "./demo-data";

/**
 * Who the sandbox's identity providers and bank service know: the demo companies and users, and those made while
 * this process runs (sandbox/test-companies.ts), which live as long as the process and only in it.
 */
const madeCompanies: DemoCompany[] = [];
const madeUsers: DemoUser[] = [];

export function addCompany(company: DemoCompany, users: DemoUser[]) {
  madeCompanies.push(company);
  madeUsers.push(...users);
}

export function companyOf(companyUniqueCode: string | null): DemoCompany | undefined {
  if (companyUniqueCode === null) return undefined;
  return DEMO_COMPANIES.find((company) => company.companyUniqueCode === companyUniqueCode) ?? madeCompanies.find((company) => company.companyUniqueCode === companyUniqueCode);
}

export function userOf(userUniqueCode: string): DemoUser | undefined {
  return DEMO_USERS.find((user) => user.userUniqueCode === userUniqueCode) ?? madeUsers.find((user) => user.userUniqueCode === userUniqueCode);
}

export function userByLogin(login: string): DemoUser | undefined {
  return DEMO_USERS.find((user) => user.login === login) ?? madeUsers.find((user) => user.login === login);
}

export function allUsers(): DemoUser[] {
  return [...DEMO_USERS, ...madeUsers];
}
