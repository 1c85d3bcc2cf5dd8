import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { documentMails } from "../../api/db/schema";
import { action as composeAction, loader as composeLoader } from "~/routes/_default.billing.reminders.$invoiceId/route";
import { loader as listLoader } from "~/routes/_default.billing.reminders._index/route";
import { signedInRequest, useRouteTestApi } from "../support/api";
import { days, issued, ok, post } from "../support/issued";
import { testContext } from "../support/context";

/*
 * The reminder pages' loaders and actions against the real Payment API: the list as text, the template
 * switched by the URL, the confirmation step, refusals shown beside the form with everything typed kept,
 * and a double submit that sends one mail.
 */

const api = useRouteTestApi();
const context = testContext();

type Composed = { form: { level: string; subject: string; body: string; idempotency_key: string } | null; refusal: string | null };
type Answer = {
  data: {
    stage: string;
    result: { error?: Record<string, string[]>; initialValue?: Record<string, string> } | null;
    confirm: { to: string; body: string } | null;
  };
  init: { status?: number } | null;
};

const overdue = (customer: string) => issued(api, { issue_date: days(-30), customer_name: customer, amount: 20_000, due_date: days(-7) });
const path = (id: number) => `/billing/reminders/${id}`;

async function compose(id: number, query = "") {
  return (await composeLoader({
    request: await signedInRequest(api, "owner", `${path(id)}${query}`),
    params: { invoiceId: String(id) },
    context,
  })) as unknown as Composed;
}

async function submit(id: number, fields: Record<string, string>) {
  const request = await signedInRequest(api, "owner", path(id), { method: "POST", body: new URLSearchParams(fields) });
  return composeAction({ request, params: { invoiceId: String(id) }, context }) as Promise<unknown>;
}

async function filled(id: number, change: Record<string, string> = {}) {
  const { form } = await compose(id);
  return {
    level: form!.level,
    to: "keiri@route.example",
    cc: "",
    subject: form!.subject,
    body: form!.body,
    delivery: "link",
    idempotency_key: form!.idempotency_key,
    ...change,
  };
}

describe("/billing/reminders", () => {
  it("lists an overdue invoice with its figures as text", async () => {
    const invoice = await overdue("株式会社ルート一覧");
    const page = (await listLoader({
      request: await signedInRequest(api, "owner", "/billing/reminders?bucket=nonsense&page=x"),
      params: {},
      context,
    })) as unknown as {
      bucket: string | null;
      items: Array<{ id: number; days: number; amountDue: string; balance: string; sent: number; lastSent: string | null }>;
    };
    // A link the page cannot read shows the whole list instead of failing.
    expect(page.bucket).toBeNull();
    expect(page.items.find((row) => row.id === invoice.id)).toMatchObject({ days: 7, amountDue: "22,000円", balance: "22,000円", sent: 0, lastSent: null });
  });
});

describe("/billing/reminders/:invoiceId", () => {
  it("starts from the first template, and from the second when the URL asks", async () => {
    const invoice = await overdue("株式会社ルート文面");
    expect((await compose(invoice.id)).form).toMatchObject({ level: "1", subject: `お支払いのご確認のお願い（請求書番号：${invoice.number}）` });
    expect((await compose(invoice.id, "?level=2")).form).toMatchObject({
      level: "2",
      subject: `【再度のお願い】お支払いのご確認（請求書番号：${invoice.number}）`,
    });
    expect((await compose(invoice.id, "?level=9")).form!.level).toBe("1");
  });

  it("confirms before sending, keeps everything typed on a refusal, and sends one mail for two submits", async () => {
    const invoice = await overdue("株式会社ルート送信");
    const noAddress = (await submit(invoice.id, { ...(await filled(invoice.id, { to: "", body: "本文を書き換えました" })), intent: "confirm" })) as Answer;
    expect(noAddress.init?.status).toBe(400);
    expect(noAddress.data.result!.error!.to).toEqual(["宛先のメールアドレスを入力してください"]);
    expect(noAddress.data.result!.initialValue!.body).toBe("本文を書き換えました");

    const fields = await filled(invoice.id);
    const confirm = (await submit(invoice.id, { ...fields, intent: "confirm" })) as Answer;
    expect(confirm.data).toMatchObject({ stage: "confirm", confirm: { to: "keiri@route.example", body: fields.body.trim() } });
    expect(await api.database.db.select().from(documentMails).where(eq(documentMails.documentId, invoice.id))).toHaveLength(0);

    const unknown = (await submit(invoice.id, { ...fields, intent: "launch" })) as Answer;
    expect(unknown.init?.status).toBe(400);

    for (let time = 0; time < 2; time += 1) {
      const sent = (await submit(invoice.id, { ...fields, intent: "send" })) as Response;
      expect(sent.status).toBe(302);
      expect(sent.headers.get("Location")).toBe(path(invoice.id));
    }
    expect(await api.database.db.select().from(documentMails).where(eq(documentMails.documentId, invoice.id))).toHaveLength(1);
  });

  it("shows the API's refusal for a paid invoice instead of the form, and refuses a send posted anyway", async () => {
    const invoice = await overdue("株式会社ルート入金済");
    const fields = await filled(invoice.id);
    await ok(await api.call(`/documents/${invoice.id}/payments`, post({ paid_on: days(-1), amount: 22_000, method: "transfer" })));
    expect(await compose(invoice.id)).toMatchObject({ form: null, refusal: "入金済みの請求書には督促メールを送れません。" });
    const refused = (await submit(invoice.id, { ...fields, intent: "send" })) as Answer;
    expect(refused.init?.status).toBe(409);
    expect(refused.data.result!.error![""]).toEqual(["入金済みの請求書には督促メールを送れません。"]);
    expect(refused.data.result!.initialValue!.subject).toBe(fields.subject);
  });

  it("answers 404 for an id that is not an invoice of the company", async () => {
    await expect(compose(999_999)).rejects.toMatchObject({ init: { status: 404 } });
    const error = await composeLoader({ request: await signedInRequest(api, "owner", "/billing/reminders/abc"), params: { invoiceId: "abc" }, context }).catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toMatchObject({ init: { status: 404 } });
  });
});
