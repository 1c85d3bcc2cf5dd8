import { beforeAll, describe, expect, it } from "vitest";
import { action as createAction } from "~/routes/_default.receive.invoices.create";
import { PDF_GAVE_UP } from "../../api/received-documents/inspect-upload";
import { receivedDocumentPdf } from "../../sandbox/received-pdfs";
import { signedInRequest, useRouteTestApi } from "../support/api";
import { PDF_THEN_HTML, textOperatorBomb } from "../support/hostile-files";
import { enableReceiving } from "../support/received";

/*
 * The receive form's 「読み取る」 against the real Payment API (decision 034): a PDF too large to read is
 * attached all the same and the page says so; a file that is no PDF is refused beside the file field.
 */

const api = useRouteTestApi();
const context = { traceId: "test-trace" } as never;

beforeAll(async () => {
  await enableReceiving(api.database.db);
});

type FormAnswer = { notice: string | null; fileNotices: string[]; uploads: Array<{ file_name: string }>; values: Record<string, string>; errors: Record<string, string[]>; formError: string | null };

async function read(name: string, bytes: Uint8Array): Promise<{ status: number; data: FormAnswer }> {
  const form = new FormData();
  form.append("intent", "read");
  form.append("files", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "application/pdf" }));
  const request = await signedInRequest(api, "owner", "/receive/invoices/create", { method: "POST", body: form });
  // Remix's data() carries its init apart.
  const { data, init } = (await createAction({ request, params: {}, context })) as unknown as { data: FormAnswer; init: { status?: number } | null };
  return { status: init?.status ?? 200, data };
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
