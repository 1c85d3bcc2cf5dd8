import { beforeAll, describe, expect, it } from "vitest";
import { action as createAction } from "~/routes/_default.receive.invoices.create/route";
import { PDF_GAVE_UP } from "../../api/received-documents/inspect-upload";
import { receivedDocumentPdf } from "../../sandbox/received-pdfs";
import { signedInRequest, useRouteTestApi } from "../support/api";
import { PDF_THEN_HTML, textOperatorBomb } from "../support/hostile-files";
import { anotherScan, enableReceiving } from "../support/received";
import { testContext } from "../support/context";
import { shownAgain } from "../support/route-answers";

/*
 * The receive form's 「読み取る」 against the real Payment API (decision 034): a PDF too large to read is
 * attached all the same and the page says so; a file that is no PDF is refused beside the file field.
 */

const api = useRouteTestApi();
const context = testContext();

beforeAll(async () => {
  await enableReceiving(api.database.db);
});

type FormAnswer = { notice: string | null; fileNotices: string[]; uploads: Array<{ file_name: string }>; values: Record<string, string>; errors: Record<string, string[]>; formError: string | null };

async function read(name: string, bytes: Uint8Array): Promise<{ status: number; data: FormAnswer }> {
  const form = new FormData();
  form.append("intent", "read");
  form.append("files", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "application/pdf" }));
  const request = await signedInRequest(api, "owner", "/receive/invoices/create", { method: "POST", body: form });
  return shownAgain(await createAction({ request, params: {}, context }));
}

describe("reading a received file on the form", () => {
  it("fills the empty fields from a PDF's text", async () => {
    const pdf = await receivedDocumentPdf({ title: "請求書", supplierName: "株式会社フォーム商事", registrationNumber: null, addressee: "株式会社デモ商事", date: "2026-11-21", amount: 3_300 });
    const { status, data } = await read("invoice.pdf", pdf);
    expect(status).toBe(200);
    expect(data).toMatchObject({ notice: "proposed", fileNotices: [], values: { amount: "3300", supplier_name: "株式会社フォーム商事" } });
  });

  it("attaches a PDF too large to read and says so instead of proposing", async () => {
    const { status, data } = await read("bomb.pdf", await textOperatorBomb());
    expect(status).toBe(200);
    expect(data).toMatchObject({ notice: null, fileNotices: [`bomb.pdf：${PDF_GAVE_UP}`], uploads: [{ file_name: "bomb.pdf" }] });
  });

  it("refuses a file that only starts like a PDF, beside the file field", async () => {
    const { status, data } = await read("fake.pdf", PDF_THEN_HTML);
    const message = "「fake.pdf」はPDFとして開けません。壊れていないPDFのファイルを選んでください。";
    expect(status).toBe(415);
    expect(data).toMatchObject({ formError: message, errors: { files: [message] }, uploads: [] });
  });
});

describe("saving a received document that looks like one already kept (issue 33)", () => {
  async function save(fields: Record<string, string>, file: Uint8Array): Promise<{ status: number; data?: FormAnswer; location?: string | null }> {
    const form = new FormData();
    form.append("intent", "save");
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append("files", new File([file as Uint8Array<ArrayBuffer>], "scan.png", { type: "image/png" }));
    const request = await signedInRequest(api, "owner", "/receive/invoices/create", { method: "POST", body: form });
    const answer = await createAction({ request, params: {}, context });
    if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("Location") };
    return shownAgain(answer);
  }

  it("warns beside a box to tick, keeps what was typed, and saves once the box is ticked", async () => {
    const scan = anotherScan();
    const fields = { transaction_date: "2026-11-20", amount: "12100", supplier_name: "株式会社二重払い", origin: "scanned" };
    expect((await save(fields, scan)).status).toBe(302);
    const warned = await save(fields, scan);
    expect(warned.status).toBe(409);
    expect(warned.data?.errors.allow_duplicate?.[0]).toContain("2026年11月20日 株式会社二重払い 12,100円（同じファイル）");
    expect(warned.data?.values).toMatchObject({ amount: "12100", supplier_name: "株式会社二重払い" });
    expect(warned.data?.uploads).toHaveLength(1);
    const kept = await save({ ...fields, allow_duplicate: "on" }, scan);
    expect(kept.status).toBe(302);
    expect(kept.location).toMatch(/^\/receive\/invoices\/detail\/\d+$/);
  });
});
