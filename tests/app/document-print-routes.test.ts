import { describe, expect, it } from "vitest";
import { loader as receiptPdf } from "~/routes/receipts.pdf.$id/route";
import { loader as invoicePdf } from "~/routes/invoices.pdf.$id/route";
import { loader as invoiceSnapshot } from "~/routes/_snapshot-empty.invoices.snapshot.$id/route";
import { loader as receiptSnapshot } from "~/routes/_snapshot-empty.receipts.snapshot.$id/route";
import { signedInRequest, useRouteTestApi } from "../support/api";
import { testContext } from "../support/context";

const api = useRouteTestApi();
const context = testContext();
const json = (body: unknown) => ({ method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

/** The status a route threw: Remix's data() with its init, as the error boundary reads it. */
const thrownStatus = (run: () => Promise<unknown>) =>
  run().then(
    () => null,
    (thrown: unknown) => (thrown instanceof Response ? thrown.status : (thrown as { init?: { status?: number } }).init?.status),
  );

describe("print page and PDF routes", () => {
  it("print an invoice from its own paths only, and never another company's", async () => {
    const invoice = await (await api.call("/documents", json({ kind: "invoice", issue_date: "2026-11-22", customer_name: "株式会社青空商事", lines: [{ description: "作業", unit_price: "1000" }] }))).json();
    const params = { id: String(invoice.id) };
    const page = (await invoiceSnapshot({ request: await signedInRequest(api, "owner", `/invoices/snapshot/${invoice.id}`), params, context })) as { snapshot: { content: { number: string; totals: { taxIncluded: string } } } };
    expect(page.snapshot.content).toMatchObject({ number: invoice.number, totals: { taxIncluded: "1100" } });
    const pdf = (await invoicePdf({ request: await signedInRequest(api, "owner", `/invoices/pdf/${invoice.id}`), params, context })) as Response;
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Cache-Control")).toBe("no-store");

    expect(await thrownStatus(async () => receiptSnapshot({ request: await signedInRequest(api, "owner", `/receipts/snapshot/${invoice.id}`), params, context }))).toBe(404);
    expect(await thrownStatus(async () => receiptPdf({ request: await signedInRequest(api, "owner", `/receipts/pdf/${invoice.id}`), params, context }))).toBe(404);
    expect(await thrownStatus(async () => invoiceSnapshot({ request: await signedInRequest(api, "shinkinOwner", `/invoices/snapshot/${invoice.id}`), params, context }))).toBe(404);
    expect(await thrownStatus(async () => invoicePdf({ request: await signedInRequest(api, "shinkinOwner", `/invoices/pdf/${invoice.id}`), params, context }))).toBe(404);
  });
});
