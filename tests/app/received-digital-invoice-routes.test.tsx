import { readFileSync } from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { DigitalInvoiceView } from "~/routes/__received/DigitalInvoiceView";
import { action as createAction } from "~/routes/_default.receive.invoices.create/route";
import { loader as snapshotLoader } from "~/routes/_snapshot-empty.receive.invoices.snapshot.$id/route";
import { signedInRequest, useRouteTestApi } from "../support/api";
import { testContext } from "../support/context";
import { PEPPOL_EXAMPLES_DIR } from "../support/peppol";
import { enableReceiving } from "../support/received";

/*
 * The receive form with a JP PINT XML (issue 36 item 5), as a plain multipart form: 「読み取る」 fills the fields as the
 * XML states them, 「登録する」 with the file alone saves it so, and XML that is not JP PINT is refused beside the file
 * field. The snapshot page shows what the XML says, not the XML.
 */

const api = useRouteTestApi();
const context = testContext();

beforeAll(async () => {
  await enableReceiving(api.database.db);
});

type FormAnswer = { notice: string | null; values: Record<string, string>; proposed: string[]; errors: Record<string, string[]>; formError: string | null; uploads: unknown[] };

const example = (name: string) => new Uint8Array(readFileSync(path.join(PEPPOL_EXAMPLES_DIR, name)));

async function submit(intent: "read" | "save", name: string, bytes: Uint8Array, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append("intent", intent);
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  form.append("files", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "text/xml" }));
  const request = await signedInRequest(api, "owner", "/receive/invoices/create", { method: "POST", body: form });
  const answer = (await createAction({ request, params: {}, context })) as unknown as Response | { data: FormAnswer; init: { status?: number } | null };
  if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("Location"), data: undefined };
  return { status: answer.init?.status ?? 200, location: null, data: answer.data };
}

describe("a JP PINT XML on the receive form", () => {
  it("「読み取る」 fills the empty fields as the XML states them, leaving what was typed", async () => {
    const { status, data } = await submit("read", "Example9.xml", example("Example9-SumInv1-and-O.xml"), { notes: "確認済み", document_number: "手入力" });
    expect(status).toBe(200);
    expect(data?.notice).toBe("stated");
    expect(data?.values).toMatchObject({ amount: "359490", amount_10: "286000", tax_10: "26000", amount_0: "73490", due_date: "2023-11-20", document_number: "手入力", notes: "確認済み" });
    expect(data?.proposed).toEqual(expect.arrayContaining(["amount_10", "tax_10", "amount_0", "due_date"]));
  });

  it("「登録する」 with the file alone saves the invoice as stated, and its snapshot shows what the XML says", async () => {
    // The form's other fields as a fresh form sends them: empty, received electronically.
    const saved = await submit("save", "Example1-minimum.xml", example("Example1-minimum.xml"), { origin: "electronic", amount: "", supplier_name: "" });
    expect(saved.status, JSON.stringify(saved.data?.errors)).toBe(302);
    const id = /\/receive\/invoices\/detail\/(\d+)$/.exec(saved.location ?? "")?.[1];
    expect(id).toBeDefined();

    const request = await signedInRequest(api, "owner", `/receive/invoices/snapshot/${id}`);
    const { document } = await snapshotLoader({ request, params: { id }, context });
    expect(document).toMatchObject({ amount: 281240, amount_10: 277750, tax_10: 25250, amount_0: 3490 });
    expect(document.digital_invoices).toHaveLength(1);
    const { invoice } = document.digital_invoices[0]!;
    const html = renderToStaticMarkup(<DigitalInvoiceView invoice={invoice} fileName="Example1-minimum.xml" />);
    expect(html).toContain("デジタルインボイス（JP PINT）：Example1-minimum.xml");
    expect(html).toContain(invoice.supplier.name);
    expect(html).toContain("281,240");
    expect(html).toContain("252,500");
    expect(html).not.toContain("cbc:");
  });

  it("refuses XML that is not JP PINT beside the file field, keeping what was typed and saving nothing", async () => {
    const bomb = new TextEncoder().encode('<?xml version="1.0"?><!DOCTYPE a [<!ENTITY a "aaaa">]><a>&a;</a>');
    const { status, data } = await submit("save", "bomb.xml", bomb, { supplier_name: "株式会社手入力", amount: "1000", transaction_date: "2026-11-20" });
    const message = "「bomb.xml」はデジタルインボイスとして読み取れません：DTD（DOCTYPE宣言）を含むXMLは受け付けられません";
    expect(status).toBe(415);
    expect(data).toMatchObject({ errors: { files: [message] }, uploads: [], values: { supplier_name: "株式会社手入力", amount: "1000" } });
  });
});
