import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { paymentServiceUsers } from "../../api/db/schema";
import { useTenantTestApi } from "../support/api";
import { createDocument } from "../support/factories";
import { days, issued, linesOf, ok, post } from "../support/issued";
import { documentAnswer } from "../../domain/document-answers";
import { paymentSummaryAnswer } from "../../domain/payment-answers";

/*
 * Payments against invoices (issue 19 item 3, decision 029): partial payments leave a balance, a fee the
 * payer deducted clears like money, an over-payment is kept and flagged, amounts are exact, and only issued
 * invoices in the caller's document scope take payments. 入金済 follows the balance (decision 033): set when
 * the payments cover the amount due, left when a cancelled payment or a correction opens it again, never by hand.
 */

const api = useTenantTestApi(["user"]);

const payments = (id: number) => `/documents/${id}/payments`;
const statusOf = async (id: number): Promise<number> => (await documentOf(id)).status;
// Answers are read with the contract the web app parses with (domain/payment-answers.ts, domain/document-answers.ts).
const documentOf = async (id: number) => documentAnswer.parse(await ok(await api.call(`/documents/${id}`)));
const summaryOf = async (response: Response) => paymentSummaryAnswer.parse(await ok(response));
const pay = (body: Record<string, unknown>) => post({ paid_on: days(0), method: "transfer", ...body });

describe("GET/POST /documents/:id/payments", () => {
  it("records partial payments, a deducted fee and an over-payment, each with the invoice's balance", async () => {
    // 100,000 tax excluded: 110,000 due.
    const invoice = await issued(api, { issue_date: days(-20), customer_name: "株式会社山田商事", amount: 100_000, due_date: days(10) });
    expect(await summaryOf(await api.call(payments(invoice.id)))).toEqual({
      document_id: invoice.id,
      number: invoice.number,
      amount_due: "110000",
      paid: "0",
      balance: "110000",
      overpaid: false,
      payments: [],
    });

    const first = await api.call(payments(invoice.id), pay({ paid_on: days(-5), amount: 50_000 }));
    expect(first.status).toBe(201);
    expect(paymentSummaryAnswer.parse(await first.json())).toMatchObject({ paid: "50000", balance: "60000", overpaid: false });
    // A partial payment leaves the balance open: the invoice stays 請求済 (2).
    expect(await statusOf(invoice.id)).toBe(2);

    // 59,560 arrived: the payer deducted a 440-yen transfer fee, which clears the rest.
    const second = await summaryOf(await api.call(payments(invoice.id), pay({ paid_on: days(-1), amount: "59560", fee: "440" })));
    expect(second).toMatchObject({ paid: "110000", balance: "0", overpaid: false });

    const third = await summaryOf(await api.call(payments(invoice.id), pay({ amount: 1_000, method: "cash" })));
    expect(third).toMatchObject({ paid: "111000", balance: "-1000", overpaid: true });

    const listed = await summaryOf(await api.call(payments(invoice.id)));
    expect(
      listed.payments.map((payment) => [payment.paid_on, payment.amount, payment.fee, payment.method, payment.created_by]),
    ).toEqual([
      [days(-5), "50000", "0", "transfer", "U-DEMO-OWNER"],
      [days(-1), "59560", "440", "transfer", "U-DEMO-OWNER"],
      [days(0), "1000", "0", "cash", "U-DEMO-OWNER"],
    ]);
    expect(listed.payments[0]).toMatchObject({ statement_line_id: null, cancelled_at: null });
    // Covered by the second payment: 入金済 (4), with the history naming who recorded it.
    const document = await documentOf(invoice.id);
    expect(document.status).toBe(4);
    expect(document.paid).toBe(true);
    expect(document.history.at(-1)).toMatchObject({ event: "status", from_status: 2, to_status: 4, changed_by: "U-DEMO-OWNER" });
  });

  it("takes 入金済 away when a cancelled payment opens the balance again, and keeps the cancelled payment listed", async () => {
    const invoice = await issued(api, { issue_date: days(-20), customer_name: "株式会社取消", amount: 10_000, due_date: days(10) });
    const paid = await ok(await api.call(payments(invoice.id), pay({ amount: 11_000 })));
    expect(await statusOf(invoice.id)).toBe(4);

    // Neither the status button nor voiding gets around the payments.
    const byHand = await api.call(`/documents/${invoice.id}/status`, post({ status: 3 }));
    expect(byHand.status).toBe(409);
    expect((await byHand.json()).message).toContain("「入金済」は入金の記録に従って変わります。");
    const voiding = await api.call(`/documents/${invoice.id}/void`, post({}));
    expect(voiding.status).toBe(409);
    expect((await voiding.json()).message).toContain("入金が記録されている請求書は無効にできません。");

    const cancel = (id: number) => api.call(`${payments(invoice.id)}/${id}/cancel`, post({ reason: "金額の入力誤り" }));
    const cancelled = await summaryOf(await cancel(paid.payment_id));
    expect(cancelled).toMatchObject({ paid: "0", balance: "11000", overpaid: false });
    expect(cancelled.payments).toEqual([expect.objectContaining({ amount: "11000", cancelled_by: "U-DEMO-OWNER", cancel_reason: "金額の入力誤り" })]);
    expect(cancelled.payments[0]!.cancelled_at).not.toBeNull();
    expect(await statusOf(invoice.id)).toBe(3);

    const again = await cancel(paid.payment_id);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("この入金の記録は、すでに取り消されています。");
    expect((await api.call(`${payments(invoice.id)}/999999/cancel`, post({}))).status).toBe(404);
    // With no payment left it can be voided.
    expect((await api.call(`/documents/${invoice.id}/void`, post({}))).status).toBe(200);
  });

  it("follows a correction: a raised amount due opens the balance of a paid invoice", async () => {
    const invoice = await issued(api, { issue_date: days(-20), customer_name: "株式会社訂正", amount: 10_000, due_date: days(10) });
    await ok(await api.call(payments(invoice.id), pay({ amount: 11_000 })));
    expect(await statusOf(invoice.id)).toBe(4);
    const current = await ok(await api.call(`/documents/${invoice.id}`));
    const corrected = await api.call(
      `/documents/${invoice.id}`,
      post({ _method: "PATCH", version: current.version, issue_date: current.issue_date, customer_name: current.customer_name, due_date: current.due_date, lines: linesOf(20_000), reason: "単価の訂正" }),
    );
    expect(corrected.status).toBe(200);
    const after = await ok(await api.call(`/documents/${invoice.id}`));
    expect(after).toMatchObject({ status: 3, amount_due: "22000" });
    expect((await ok(await api.call(payments(invoice.id)))).balance).toBe("11000");
  });

  it("settles two payments recorded at once one after the other", async () => {
    const invoice = await issued(api, { issue_date: days(-20), customer_name: "株式会社同時", amount: 10_000, due_date: days(10) });
    const answers = await Promise.all([api.call(payments(invoice.id), pay({ amount: 5_500 })), api.call(payments(invoice.id), pay({ amount: 5_500 }))]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(await ok(await api.call(payments(invoice.id)))).toMatchObject({ paid: "11000", balance: "0" });
    expect(await statusOf(invoice.id)).toBe(4);
  });

  it("keeps twelve-digit amounts exact", async () => {
    const invoice = await issued(api, { issue_date: days(-3), customer_name: "株式会社大口", amount: 100, due_date: days(10) });
    const answer = await ok(await api.call(payments(invoice.id), pay({ amount: 999_999_999_999, fee: 999_999_999_999 })));
    expect(answer).toMatchObject({ paid: "1999999999998", balance: "-1999999999888", overpaid: true });
    expect(answer.payments[0]).toMatchObject({ amount: "999999999999", fee: "999999999999" });
  });

  it("refuses amounts that are not whole yen, a date that does not exist and an unknown method, naming the field", async () => {
    const invoice = await issued(api, { issue_date: days(-3), customer_name: "株式会社入力", amount: 1_000 });
    for (const [body, field] of [
      [{ amount: "1.5" }, "amount"],
      [{ amount: 0 }, "amount"],
      [{ amount: -100 }, "amount"],
      [{ amount: "1,000" }, "amount"],
      [{ amount: 1_000_000_000_000 }, "amount"],
      [{ amount: 100, fee: -1 }, "fee"],
      [{ amount: 100, paid_on: "2026-02-30" }, "paid_on"],
      [{ amount: 100, paid_on: "2026-13-01" }, "paid_on"],
      [{ amount: 100, method: "bitcoin" }, "method"],
    ] as const) {
      const response = await api.call(payments(invoice.id), pay(body));
      expect(response.status, JSON.stringify(body)).toBe(422);
      const error = await response.json();
      expect(Object.keys(error.fields)).toEqual([field]);
      expect(error.fields[field][0]).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    }
    expect((await summaryOf(await api.call(payments(invoice.id)))).payments).toEqual([]);
  });

  it("takes payments only on issued, valid invoices", async () => {
    const draft = await createDocument(api, { issue_date: days(0), customer_name: "株式会社下書き", lines: linesOf(1_000) });
    const refused = await api.call(payments(draft.id), pay({ amount: 1_100 }));
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe("下書きの請求書には入金を記録できません。発行してから記録してください。");

    const voided = await issued(api, { issue_date: days(0), customer_name: "株式会社無効", amount: 1_000, voided: true });
    expect((await api.call(payments(voided.id), pay({ amount: 1_100 }))).status).toBe(409);

    const credited = await issued(api, { issue_date: days(0), customer_name: "株式会社赤伝", amount: 1_000 });
    const creditNote = await ok(await api.call(`/documents/${credited.id}/credit-note`, post({ reason: "数量の誤り", issue_date: days(0) })));
    const onCreditNote = await api.call(payments(creditNote.id), pay({ amount: 1_100 }));
    expect(onCreditNote.status).toBe(409);
    expect((await onCreditNote.json()).message).toBe("赤伝（取消の請求書）には入金を記録できません。");

    const estimate = await issued(api, { kind: "estimate", issue_date: days(0), customer_name: "株式会社見積", amount: 1_000 });
    expect((await api.call(payments(estimate.id))).status).toBe(404);
    expect((await api.call(payments(estimate.id), pay({ amount: 1_100 }))).status).toBe(404);
    expect((await api.call("/documents/abc/payments")).status).toBe(404);
  });

  it("answers another company's invoice, and another user's for a user limited to their own, as not there", async () => {
    const owners = await issued(api, { issue_date: days(0), customer_name: "株式会社範囲", amount: 1_000 });
    const others = await issued(api, { issue_date: days(0), customer_name: "他社の取引先", amount: 1_000 }, "shinkinOwner");
    expect((await api.call(payments(others.id))).status).toBe(404);
    expect((await api.call(payments(others.id), pay({ amount: 1_100 }))).status).toBe(404);

    // The demo company user sees only the documents they created (reference_id 2, decision 024).
    const [user] = await api.database.db.select().from(paymentServiceUsers).where(eq(paymentServiceUsers.userUniqueCode, "U-DEMO-USER"));
    expect(user!.referenceId).toBe(2);
    expect((await api.call(payments(owners.id), { as: "user" })).status).toBe(404);
    expect((await api.call(payments(owners.id), { ...pay({ amount: 1_100 }), as: "user" })).status).toBe(404);
    const theirs = await issued(api, { issue_date: days(0), customer_name: "株式会社自分", amount: 1_000 }, "user");
    const answer = await ok(await api.call(payments(theirs.id), { ...pay({ amount: 1_100 }), as: "user" }));
    expect(answer).toMatchObject({ balance: "0", payments: [{ created_by: "U-DEMO-USER" }] });
    // The owner sees every document of the company, the user's too.
    expect((await ok(await api.call(payments(theirs.id)))).balance).toBe("0");
  });
});
