import type { LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as adminCompaniesLoader } from "~/routes/_admin.admin.companies.list/route";
import { loader as statementsLoader } from "~/routes/_default.billing.payments/route";
import { loader as unmatchedLoader } from "~/routes/_default.billing.payments_.unmatched/route";
import { loader as remindersLoader } from "~/routes/_default.billing.reminders._index/route";
import { loader as invoiceListLoader } from "~/routes/_default.invoices.list/route";
import { loader as receivedInvoicesLoader } from "~/routes/_default.receive.invoices._index/route";
import { loader as reportsLoader } from "~/routes/_default.reports.list/route";
import { signedInRequest, useRouteTestApi } from "../support/api";
import { enableReceiving } from "../support/received";
import type { FixtureUserName } from "../support/users";
import { testContext } from "../support/context";

const api = useRouteTestApi();
const context = testContext();

beforeAll(async () => {
  await enableReceiving(api.database.db);
});

/** What a list's loader says it left out of the address, as the page shows it (IgnoredFilters). */
async function ignoredBy(loader: (args: LoaderFunctionArgs) => Promise<unknown>, path: string, as: FixtureUserName = "owner"): Promise<unknown> {
  const answer = (await loader({ request: await signedInRequest(api, as, path), params: {}, context })) as { ignored?: unknown };
  return answer.ignored;
}

describe("a list's address it cannot read is said on the page, on every list the same way (issue 33)", () => {
  it.each([
    ["the issued documents' lists", invoiceListLoader, "/invoices/list?amount_min=abc&issued_from=2026-02-30&page=x", ["発行日（から）", "金額（以上）", "ページ"]],
    ["the received documents' lists", receivedInvoicesLoader, "/receive/invoices?amount_min=abc&date_to=2026-13-01", ["取引年月日（まで）", "金額（以上）"]],
    ["the statements taken in (入金消込)", statementsLoader, "/billing/payments?page=abc", ["ページ"]],
    ["the unmatched deposits", unmatchedLoader, "/billing/payments/unmatched?page=0", ["ページ"]],
    ["the overdue invoices (督促)", remindersLoader, "/billing/reminders?bucket=d0_0&page=-1", ["経過日数", "ページ"]],
    ["the reports", reportsLoader, "/reports/list?report=profit&period=forever", ["レポートの種類", "期間"]],
    ["a period the report does not offer", reportsLoader, "/reports/list?report=sales&period=all", ["期間"]],
    ["売掛金's pages", reportsLoader, "/reports/list?report=receivables&page=abc", ["ページ"]],
  ] as const)("%s name each condition they left out as their form names it", async (_list, loader, path, names) => {
    expect(await ignoredBy(loader, path)).toEqual(names);
  });

  it("the bank's companies list, for bank staff", async () => {
    expect(await ignoredBy(adminCompaniesLoader, "/admin/companies/list?joined_from=abc&sort=bogus", "bankAdmin")).toEqual(["利用登録日（から）", "並び順"]);
  });

  it("says nothing when every condition was read", async () => {
    expect(await ignoredBy(invoiceListLoader, "/invoices/list?amount_min=1,000&issued_from=2026-02-01")).toEqual([]);
    expect(await ignoredBy(remindersLoader, "/billing/reminders?bucket=d1_30&page=1")).toEqual([]);
    expect(await ignoredBy(reportsLoader, "/reports/list?report=sales&period=last_month")).toEqual([]);
  });
});
