import { describe, expect, it } from "vitest";
import { action as invoiceDetailAction, loader as invoiceDetailLoader } from "~/routes/_default.invoices.detail.$id/route";
import { action as statementAction, loader as statementLoader } from "~/routes/_default.billing.payments_.statements.$id/route";
import { action as statementsAction } from "~/routes/_default.billing.payments/route";
import { loader as unmatchedLoader } from "~/routes/_default.billing.payments_.unmatched/route";
import { preselect, type StatementLine } from "~/routes/__payments/payments.server";
import { signedInRequest, useRouteTestApi } from "../support/api";
import { createCustomer, createDocument } from "../support/factories";
import { days, issued, linesOf, ok } from "../support/issued";
import { testContext } from "../support/context";

/*
 * The 入金消込 pages' loaders and actions against the real Payment API (decision 033): the invoice page's
 * payment form keeps a refused input and cancels only after asking; a statement is taken in, its proposals
 * preselected without booking one invoice twice, and confirmed from the radio values the page draws.
 */

const api = useRouteTestApi();
const context = testContext();

const post = async (path: string, fields: Record<string, string> | FormData) =>
  signedInRequest(api, "owner", path, { method: "POST", body: fields instanceof FormData ? fields : new URLSearchParams(fields) });

/** What an action returned: a redirect (its Location), or the data it answered with and its status. */
async function outcome(result: unknown) {
  if (result instanceof Response) {
    const location = result.headers.get("Location");
    return { location, status: result.status, data: location ? null : await result.json() };
  }
  // Remix's data() carries its init apart; a plain object is the data itself.
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { data, init } = result as { data: unknown; init: { status?: number } | null };
    return { location: null, status: init?.status ?? 200, data };
  }
  return { location: null, status: 200, data: result };
}

describe("the invoice page's payments", () => {
  it("shows what is left, keeps a refused amount, records a payment and cancels one only after asking", async () => {
    const invoice = await issued(api, { issue_date: days(-10), customer_name: "株式会社ルート入金", amount: 10_000, due_date: days(20) });
    const path = `/invoices/detail/${invoice.id}`;
    const load = async (query = "") =>
      (await invoiceDetailLoader({
        request: await signedInRequest(api, "owner", `${path}${query}`),
        params: { id: String(invoice.id) },
        context,
      })) as unknown as {
        payments: { balance: string; rows: { id: number; cancelled: string | null }[]; values: { amount: string }; cancelling: unknown };
      };
    const before = await load();
    expect(before.payments.balance).toBe("11,000円");
    expect(before.payments.values.amount).toBe("11000");

    const refused = await outcome(
      await invoiceDetailAction({
        request: await post(path, { intent: "payment", paid_on: days(0), amount: "1万", fee: "", method: "transfer" }),
        params: { id: String(invoice.id) },
        context,
      }),
    );
    expect(refused.status).toBe(422);
    expect(refused.data).toMatchObject({ paymentForm: { values: { amount: "1万" }, fields: { amount: ["半角数字（円単位）で入力してください。"] } } });

    const recorded = await outcome(
      await invoiceDetailAction({
        request: await post(path, { intent: "payment", paid_on: days(0), amount: "11000", fee: "", method: "transfer" }),
        params: { id: String(invoice.id) },
        context,
      }),
    );
    expect(recorded.location).toBe(`${path}#payments-heading`);
    const paid = await load();
    expect(paid.payments.balance).toBe("0円");
    const paymentId = paid.payments.rows[0]!.id;

    // Without confirmed=yes the cancellation is only asked for.
    const asked = await outcome(
      await invoiceDetailAction({
        request: await post(path, { intent: "cancelPayment", payment: String(paymentId) }),
        params: { id: String(invoice.id) },
        context,
      }),
    );
    expect(asked.location).toBe(`${path}?confirm=cancelPayment&payment=${paymentId}`);
    expect((await load(`?confirm=cancelPayment&payment=${paymentId}`)).payments.cancelling).toMatchObject({ id: paymentId });
    expect((await load()).payments.rows[0]!.cancelled).toBeNull();

    await invoiceDetailAction({
      request: await post(path, { intent: "cancelPayment", payment: String(paymentId), confirmed: "yes", reason: "二重" }),
      params: { id: String(invoice.id) },
      context,
    });
    const cancelled = await load();
    expect(cancelled.payments.balance).toBe("11,000円");
    expect(cancelled.payments.rows[0]!.cancelled).toBe("取消済（二重）");
  });
});

describe("statements", () => {
  it("takes in a CSV, preselects the exact match, and confirms it from the radio value", async () => {
    const customer = await createCustomer(api, { name: "株式会社ルート消込", name_kana: "ルートケシコミ" });
    const draft = await createDocument(api, {
      issue_date: days(-5),
      due_date: days(25),
      customer_name: customer.name,
      customer_id: customer.id,
      lines: linesOf(30_000),
    });
    await ok(await api.call(`/documents/${draft.id}/issue`, { method: "POST" }));
    const form = new FormData();
    form.append("intent", "file");
    form.append("file", new File(["日付,振込依頼人名,入金額,出金額\r\n2026/11/20,ﾙｰﾄｹｼｺﾐ(ｶ,33000,\r\n2026/11/21,ﾀﾞﾚｶ,1234,\r\n"], "route.csv"));
    const taken = await outcome(await statementsAction({ request: await post("/billing/payments", form), params: {}, context }));
    const statementPath = taken.location!;
    expect(statementPath).toMatch(/^\/billing\/payments\/statements\/\d+$/);
    const id = statementPath.split("/").pop()!;

    const shown = (await statementLoader({ request: await signedInRequest(api, "owner", statementPath), params: { id }, context })) as unknown as {
      statement: { lines: StatementLine[] };
      preselected: Record<string, string>;
    };
    const [paying, unknown] = shown.statement.lines;
    expect(shown.preselected).toEqual({ [String(paying!.id)]: `${draft.id}:0` });

    // A value the page never draws is ignored; nothing chosen is said so.
    const nothing = await outcome(
      await statementAction({
        request: await post(statementPath, { [`match[${unknown!.id}]`]: "", [`match[${paying!.id}]`]: "x:y" }),
        params: { id },
        context,
      }),
    );
    expect(nothing.data).toMatchObject({ message: "消し込む入金と請求書を選んでください。" });

    const confirmed = await outcome(
      await statementAction({
        request: await post(statementPath, { [`match[${paying!.id}]`]: `${draft.id}:0`, [`match[${unknown!.id}]`]: "" }),
        params: { id },
        context,
      }),
    );
    expect(confirmed.location).toBe(statementPath);
    expect((await ok(await api.call(`/documents/${draft.id}`))).status).toBe(4);

    const left = (await unmatchedLoader({ request: await signedInRequest(api, "owner", "/billing/payments/unmatched"), params: {}, context })) as unknown as {
      deposits: { items: { id: number }[] };
    };
    expect(left.deposits.items.map((item) => item.id)).toContain(unknown!.id);
    expect(left.deposits.items.map((item) => item.id)).not.toContain(paying!.id);
  });

  it("preselects a proposal only when it is exact or fee-deducted and its invoices are not taken by an earlier deposit", () => {
    const proposal = (documentId: number, kind: "exact" | "fee" | "lump" | "amount", extra: object = {}) => ({
      document_id: documentId,
      number: `INV-${documentId}`,
      customer_name: "A",
      balance: "1000",
      kind,
      fee: kind === "fee" ? "440" : "0",
      learned: false,
      ...extra,
    });
    const line = (id: number, proposals: ReturnType<typeof proposal>[], extra: Partial<StatementLine> = {}) =>
      ({
        id,
        line: id,
        posted_on: "2026-11-20",
        kind: "deposit",
        amount: "1000",
        payer_name: "ｴｰ",
        description: "",
        payments: [],
        proposals,
        ...extra,
      } as StatementLine);
    expect(
      preselect([
        line(1, [proposal(10, "exact")]),
        // Same invoice again: its best is taken, and the next free one is amount only — nothing preselected.
        line(2, [proposal(10, "exact"), proposal(11, "amount")]),
        line(3, [proposal(12, "fee")]),
        line(4, [
          proposal(13, "lump", {
            invoices: [
              { document_id: 13, number: "INV-13", balance: "500" },
              { document_id: 14, number: "INV-14", balance: "500" },
            ],
          }),
        ]),
        line(5, [proposal(14, "exact")]),
        line(6, [proposal(15, "exact")], { kind: "withdrawal" }),
        line(7, [proposal(16, "exact")], { payments: [{ id: 1, document_id: 16, number: "INV-16" }] }),
      ]),
    ).toEqual({ "1": "10:0", "3": "12:440", "4": "13.14:0" });
  });

  it("says once why a statement over 10,000 lines is not taken in", async () => {
    const form = new FormData();
    form.append("intent", "file");
    form.append("file", new File([["日付,入金額", ...Array.from({ length: 10_000 }, (_, index) => `2026/11/20,${index + 1}`)].join("\r\n")], "year.csv"));
    const refused = await outcome(await statementsAction({ request: await post("/billing/payments", form), params: {}, context }));
    expect(refused.data).toEqual({
      message:
        "明細ファイルの行数が多すぎます（10,001行）。1回に取り込めるのは10,000行（全銀形式は10,000レコード）までです。期間を短くして（1か月ごとなど）明細をダウンロードし、分けて取り込んでください。",
      problems: [],
    });
  });
});
