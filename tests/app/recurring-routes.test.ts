import { describe, expect, it } from "vitest";
import { action as detailAction, loader as detailLoader } from "~/routes/_default.billing.recurring_.$id/route";
import { loader as listLoader } from "~/routes/_default.billing.recurring/route";
import { signedInRequest, useRouteTestApi } from "../support/api";
import { createDocument } from "../support/factories";
import { ok, post } from "../support/issued";
import { recurringWorkerOn } from "../support/recurring";
import { testContext } from "../support/context";
import { shownAgain } from "../support/route-answers";

/*
 * The 定期請求 pages' loaders and actions against the real Payment API: the list's last result names the invoice
 * the worker made (or why it made none), and deleting without the confirmation's answer only asks.
 */

const api = useRouteTestApi();
const context = testContext();

type ListPage = {
  schedules: Array<{
    id: number;
    nextRunOn: string | null;
    lastRun: { status: string; document_id: number | null; document_number: string | null; error: string | null } | null;
  }>;
};

async function scheduleFor(customer: string, fields: Record<string, unknown> = {}) {
  const invoice = await createDocument(api, { customer_name: customer });
  return ok(
    await api.call("/recurring-invoices", post({ source_document_id: invoice.id, day_of_month: 31, interval_months: 1, start_date: "2027-01-01", ...fields })),
  );
}

const tickOn = (day: string) => recurringWorkerOn(api, day).tick();

async function listed(id: number) {
  const page = (await listLoader({ request: await signedInRequest(api, "owner", "/billing/recurring"), params: {}, context })) as unknown as ListPage;
  return page.schedules.find((row) => row.id === id)!;
}

describe("/billing/recurring", () => {
  it("shows the invoice a run made, and the next run after it", async () => {
    const schedule = await scheduleFor("株式会社一覧表示");
    expect(await listed(schedule.id)).toMatchObject({ nextRunOn: "2027-01-31", lastRun: null });
    await tickOn("2027-01-31");
    const row = await listed(schedule.id);
    expect(row).toMatchObject({ nextRunOn: "2027-02-28", lastRun: { status: "done", error: null } });
    const made = await ok(await api.call(`/documents/${row.lastRun!.document_id}`));
    expect(row.lastRun!.document_number).toBe(made.number);
  });

  it("shows why a run made nothing, in Japanese", async () => {
    const schedule = await scheduleFor("株式会社長期停止一覧", { day_of_month: 1 });
    await tickOn("2028-03-15");
    // The newest run is the latest period, made; the oldest ones were not, and say why.
    const page = (await detailLoader({
      request: await signedInRequest(api, "owner", `/billing/recurring/${schedule.id}`),
      params: { id: String(schedule.id) },
      context,
    })) as unknown as {
      runs: Array<{ period: string; status: string; error: string | null }>;
    };
    expect(page.runs.at(-1)).toMatchObject({ period: "2027-01", status: "skipped" });
    expect(page.runs.at(-1)!.error).toMatch(/^停止中に過ぎた期間が12回分を超えた/);
  });
});

describe("/billing/recurring/:id", () => {
  it("asks before deleting when the confirmation's answer is missing, and deletes with it", async () => {
    const schedule = await scheduleFor("株式会社削除確認");
    const ask = (await detailAction({
      request: await signedInRequest(api, "owner", `/billing/recurring/${schedule.id}`, { method: "POST", body: new URLSearchParams({ intent: "delete" }) }),
      params: { id: String(schedule.id) },
      context,
    })) as Response;
    expect(ask.headers.get("Location")).toBe(`/billing/recurring/${schedule.id}?confirm=delete`);
    expect((await api.call(`/recurring-invoices/${schedule.id}`)).status).toBe(200);

    const done = (await detailAction({
      request: await signedInRequest(api, "owner", `/billing/recurring/${schedule.id}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "delete", confirmed: "yes" }),
      }),
      params: { id: String(schedule.id) },
      context,
    })) as Response;
    expect(done.headers.get("Location")).toBe("/billing/recurring");
    expect((await api.call(`/recurring-invoices/${schedule.id}`)).status).toBe(404);
  });

  it("keeps what was typed and says why when the API refuses the change", async () => {
    const schedule = await scheduleFor("株式会社変更拒否");
    const body = new URLSearchParams({
      intent: "save",
      version: "999",
      day_of_month: "31",
      interval_months: "1",
      start_date: "2027-01-01",
      subject: "{月}月分 変更",
    });
    const reply = shownAgain(
      await detailAction({
        request: await signedInRequest(api, "owner", `/billing/recurring/${schedule.id}`, { method: "POST", body }),
        params: { id: String(schedule.id) },
        context,
      }),
    );
    expect(reply.status).toBe(409);
    expect(reply.data.initialValue).toMatchObject({ subject: "{月}月分 変更" });
    expect(reply.data.error?.[""]?.[0]).toContain("他の操作で変更されています");
  });
});
