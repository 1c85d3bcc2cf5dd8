import { describe, expect, it } from "vitest";
import { loader as invoiceDetailLoader } from "~/routes/_default.invoices.detail.$id/route";
import { loader as digitalInvoice } from "~/routes/invoices.jp-pint.$id/route";
import { signedInRequest, useRouteTestApi } from "../support/api";
import { testContext } from "../support/context";
import { createCustomer, createDocument, createOwnCompany } from "../support/factories";
import { ok } from "../support/issued";
import type { FixtureUserName } from "../support/users";

/*
 * The invoice detail page offers the JP PINT download, or the list of what to fix first (issue 36); the download
 * route hands the Payment API's XML through, and an invoice that fails goes back to its page with the refusal.
 */

const api = useRouteTestApi();
const context = testContext();

const detail = async (id: number) => (await invoiceDetailLoader({ request: await signedInRequest(api, "owner", `/invoices/detail/${id}`), params: { id: String(id) }, context })).digitalInvoice;
const download = async (id: number, as: FixtureUserName = "owner") =>
  digitalInvoice({ request: await signedInRequest(api, as, `/invoices/jp-pint/${id}`), params: { id: String(id) }, context }) as Promise<Response>;

async function issuedInvoice(fields: Record<string, unknown>) {
  const draft = await createDocument(api, { due_date: "2026-12-31", ...fields });
  await ok(await api.call(`/documents/${draft.id}/issue`, { method: "POST" }));
  return draft as { id: number; number: string };
}

describe("the invoice's digital invoice (JP PINT)", () => {
  it("is not offered for a draft", async () => {
    const draft = await createDocument(api);
    expect(await detail(draft.id)).toBeNull();
  });

  it("lists what to fix, and the download goes back to the page with the refusal, until the invoice passes", async () => {
    await createOwnCompany(api);
    const bare = await createCustomer(api, { name: "株式会社未設定" });
    const invoice = await issuedInvoice({ customer_id: bare.id, customer_name: bare.name });
    expect(await detail(invoice.id)).toEqual({
      heading: "デジタルインボイス（JP PINT）",
      download: "デジタルインボイス（JP PINT）をダウンロード",
      missing: "次の点を直すと、デジタルインボイス（JP PINT）をダウンロード・送信できます：",
      problems: ["取引先のPeppol IDが未設定です（取引先の編集で設定）"],
      send: null,
    });
    const refused = await download(invoice.id);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe(`/invoices/detail/${invoice.id}`);

    await ok(await api.call(`/customers/${bare.id}`, { method: "POST", body: JSON.stringify({ _method: "PATCH", version: bare.version, name: bare.name, peppol_id: "1010401089234" }), headers: { "Content-Type": "application/json" } }));
    expect((await detail(invoice.id))?.problems).toEqual([]);
    const file = await download(invoice.id);
    expect(file.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(file.headers.get("Content-Disposition")).toContain(encodeURIComponent(`${invoice.number}.xml`));
    expect(await file.text()).toContain(`<cbc:ID>${invoice.number}</cbc:ID>`);
  });

  it("never hands out another company's invoice", async () => {
    const invoice = await issuedInvoice({});
    // Remix's data() with its init, as the error boundary reads it.
    await expect(download(invoice.id, "shinkinOwner")).rejects.toMatchObject({ init: { status: 404 } });
  });
});
