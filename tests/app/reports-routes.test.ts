import { describe, expect, it } from "vitest";
import { formatListDate } from "@domain/datetime";
import { loader } from "~/routes/_default.reports.list/route";
import type { ReportsPageData } from "~/routes/__reports/reports.server";
import { signedInRequest, useRouteTestApi } from "../support/api";
import { days, issued } from "../support/issued";
import { testContext } from "../support/context";

/*
 * /reports/list's loader against the real Payment API: the page gets each report as text (figures, dates, labels),
 * its charts' bars equal to their tables' cells, a refused period beside its field, and 売掛金's links to one
 * customer's invoices and back.
 */

const api = useRouteTestApi();
const context = testContext();

async function page(path: string) {
  const data = (await loader({ request: await signedInRequest(api, "owner", path), params: {}, context })) as ReportsPageData;
  if (data.unavailable !== null) throw new Error(data.unavailable);
  return data;
}

describe("/reports/list", () => {
  it("writes the sales report's figures as its tables show them, each chart's bars taken from its table", async () => {
    await issued(api, { issue_date: "2024-05-10", customer_name: "株式会社ルート売上", amount: 120_000 });
    await issued(api, { issue_date: "2024-06-03", customer_name: "株式会社ルート小口", amount: 1_000 });
    const { form, problem, view } = await page("/reports/list?report=sales&period=custom&from=2024-04-01&to=2024-06-30");
    expect(problem).toBeNull();
    expect(form).toMatchObject({ period: "custom", from: "2024-04-01", to: "2024-06-30" });
    expect(form.periods.map((period) => period.label)).toEqual(["今期（事業年度）", "今月", "先月", "期間を指定"]);
    expect(view!.range).toBe("2024/04/01〜2024/06/30");
    expect(view!.summary).toBe("請求した金額（税抜 121,000円、税込 133,100円、2件）");
    expect(view!.query).toEqual([["report", "sales"], ["period", "custom"], ["from", "2024-04-01"], ["to", "2024-06-30"]]);

    const [months, customers] = view!.tables;
    expect(months!.columns.map((column) => column.label)).toEqual(["月", "件数", "税抜金額", "消費税", "税込金額"]);
    expect(months!.rows).toEqual([
      ["2024年4月", "0件", "0円", "0円", "0円"],
      ["2024年5月", "1件", "120,000円", "12,000円", "132,000円"],
      ["2024年6月", "1件", "1,000円", "100円", "1,100円"],
    ]);
    expect(months!.total).toEqual(["合計", "2件", { text: "121,000円", testId: "sales-total-excluded" }, "12,100円", { text: "133,100円", testId: "sales-total-included" }]);
    expect(months!.chart).toMatchObject({ kind: "column", column: 2, max: 120_000, min: 0, axis: ["12万", null] });
    // The chart says its figures are before tax, as its column is.
    expect(months!.chart!.title).toBe("月別の売上のグラフ：税抜金額");
    expect(months!.chart!.bars).toEqual([
      ["2024年4月", "0", "0円", "0", "4月"],
      ["2024年5月", "120000", "120,000円", "12万", "5月"],
      ["2024年6月", "1000", "1,000円", "1,000", "6月"],
    ]);
    for (const table of [months!, customers!]) {
      const column = table.chart!.column;
      expect(table.chart!.bars.map(([label, , text]) => [label, text])).toEqual(table.rows.map((row) => [row[0], row[column]]));
    }
    expect(customers!.rows.map((row) => row[0])).toEqual(["株式会社ルート売上", "株式会社ルート小口"]);
  });

  it("shows a refused period beside its field, keeping the dates asked for, and no report", async () => {
    const { form, problem, view } = await page("/reports/list?report=sales&period=custom&from=2024-06-30&to=2024-04-01");
    expect(form).toMatchObject({ period: "custom", from: "2024-06-30", to: "2024-04-01" });
    expect(problem).toMatchObject({ from: null, to: "終了日は開始日以降の日付にしてください" });
    expect(view).toBeNull();
  });

  it("links a customer's receivables to their unpaid invoices, and back to every customer", async () => {
    const invoice = await issued(api, { issue_date: days(-40), customer_name: "株式会社ルート売掛", amount: 10_000, due_date: days(-10) });
    const all = await page("/reports/list?report=receivables");
    expect(all.form.periods[0]).toEqual({ value: "all", label: "すべての未入金" });
    const row = all.view!.tables[0]!.rows.find((cells) => typeof cells[0] === "object" && cells[0].text === "株式会社ルート売掛")!;
    const link = row[0] as { href: string; label: string };
    expect(link.label).toBe("株式会社ルート売掛の請求書を表示");
    expect(link.href).toMatch(/^\/reports\/list\?report=receivables&period=all&customer=[^&#]+#receivables-invoices-heading$/);

    const one = await page(link.href.replace(/#.*/, ""));
    const invoices = one.view!.tables[1]!;
    expect(invoices.heading).toBe("未入金の請求書（株式会社ルート売掛）");
    expect(invoices.all).toBe("/reports/list?report=receivables&period=all");
    expect(invoices.rows).toEqual([
      [{ text: invoice.number, href: `/invoices/detail/${invoice.id}` }, "株式会社ルート売掛", formatListDate(days(-40)), formatListDate(days(-10)), "10日", "1〜30日超過", "11,000円"],
    ]);
    expect(invoices.pages).toBeUndefined();
    // The CSV of the invoices is the same customer's.
    expect(one.view!.query).toContainEqual(["customer", new URL(link.href, "http://localhost").searchParams.get("customer")]);
  });
});
