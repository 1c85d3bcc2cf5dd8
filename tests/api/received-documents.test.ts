import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { banks, companyPlans, files, plans, receivedDocumentVersions } from "../../api/db/schema";
import { PDF_GAVE_UP } from "../../api/received-documents/inspect-upload";
import { PDF_READ_LIMITS } from "../../api/received-documents/pdf-text";
import { createWebApiLookup } from "../../api/registration-numbers/web-api";
import { SANDBOX_NTA_NUMBERS } from "../../sandbox/nta-fixture";
import { todayJst } from "../../domain/datetime";
import { receivedDetailAnswer, receivedListPageAnswer, receivedUploadsAnswer, receivedUsageAnswer } from "../../domain/received-answers";
import { receivedDocumentPdf } from "../../sandbox/received-pdfs";
import { startTestApi, type TestApi } from "../support/api";
import { createCustomer, insertPaymentUser } from "../support/factories";
import { PNG_BYTES, anotherScan, createReceived, enableReceiving, uploadReceived } from "../support/received";
import { startNtaStandIn } from "../support/nta";
import { fixtureUsers, type FixtureUserName } from "../support/users";
import { JPEG_THEN_JUNK, PDF_THEN_HTML, PNG_THEN_JUNK, spacesBomb, textOperatorBomb } from "../support/hostile-files";

let ntaStandIn: Awaited<ReturnType<typeof startNtaStandIn>>;
let api: TestApi;

beforeAll(async () => {
  ntaStandIn = await startNtaStandIn();
  api = await startTestApi({
    registrationLookup: () => createWebApiLookup({ baseUrl: ntaStandIn.baseUrl, applicationId: ntaStandIn.applicationId, timeoutMs: 400 }),
  });
  await insertPaymentUser(api.database.db, "owner");
  await insertPaymentUser(api.database.db, "user");
  await insertPaymentUser(api.database.db, "shinkinOwner");
  await enableReceiving(api.database.db);
});

afterAll(async () => {
  await Promise.all([api?.close(), ntaStandIn?.close()]);
});

// Answers read with the contract the web app parses with (domain/received-answers.ts), as tests/support/received.ts reads its own.
const detailOf = async (response: Response) => receivedDetailAnswer.parse(await response.json());
const listOf = async (query: string, as: FixtureUserName = "owner") => receivedListPageAnswer.parse(await (await api.call(`/received-documents?${query}`, { as })).json());

const patch = (body: Record<string, unknown>): RequestInit => ({ method: "POST", body: JSON.stringify({ _method: "PATCH", ...body }), headers: { "Content-Type": "application/json" } });

describe("the receive check in the Payment API", () => {
  it("answers 403 unpublished when the bank does not offer receiving, and receive_plan_required on plan 1", async () => {
    await api.database.db.update(banks).set({ enablePaymentReceive: false });
    const unpublished = await api.call("/received-documents?kind=invoice");
    expect(unpublished.status).toBe(403);
    expect((await unpublished.json()).code).toBe("unpublished");
    await api.database.db.update(banks).set({ enablePaymentReceive: true });
    await api.database.db.update(companyPlans).set({ planId: 1 }).where(eq(companyPlans.companyUniqueCode, "C-DEMO"));
    const planOne = await api.call("/received-documents?kind=invoice");
    expect(planOne.status).toBe(403);
    expect((await planOne.json()).code).toBe("receive_plan_required");
    // The month a company left a receive plan, it keeps receiving (SPEC §4: current or previous plan).
    await api.database.db.update(companyPlans).set({ previousPlanId: 2, planChangedOn: todayJst() }).where(eq(companyPlans.companyUniqueCode, "C-DEMO"));
    expect((await api.call("/received-documents?kind=invoice")).status).toBe(200);
    await api.database.db.update(companyPlans).set({ planId: 2, previousPlanId: null, planChangedOn: null }).where(eq(companyPlans.companyUniqueCode, "C-DEMO"));
  });
});

describe("registering a received document", () => {
  it("keeps the uploaded PDF as received, proposes its fields, verifies the number and records version 1", async () => {
    const pdf = await receivedDocumentPdf({
      title: "請求書",
      supplierName: "株式会社サンドボックス商事",
      registrationNumber: SANDBOX_NTA_NUMBERS.registered,
      addressee: "株式会社デモ商事 御中",
      date: "2026-10-31",
      dueDate: "2026-11-30",
      amount: 55000,
      documentNumber: "SB-2026-0042",
    });
    const [upload] = await uploadReceived(api, [{ name: "請求書_SB-0042.pdf", bytes: pdf }]);
    expect(upload).toMatchObject({ file_name: "請求書_SB-0042.pdf", content_type: "application/pdf" });
    expect(upload.proposal).toMatchObject({ transaction_date: "2026-10-31", amount: "55000", registration_number: SANDBOX_NTA_NUMBERS.registered, supplier_name: "株式会社サンドボックス商事" });
    // A refused save keeps its files: the form asks for them again by id, with what they proposed.
    const pending = receivedUploadsAnswer.parse(await (await api.call(`/received-documents/uploads?ids=${upload.id}`)).json());
    expect(pending.uploads).toEqual([{ id: upload.id, file_name: "請求書_SB-0042.pdf", content_type: "application/pdf", size: pdf.byteLength, proposal: upload.proposal }]);

    const created = await createReceived(api, { upload_ids: [upload.id], transaction_date: "2026-10-31", amount: "55,000", amount_10: "55000", tax_10: "5000", supplier_name: "(株)サンドボックス商事", registration_number: SANDBOX_NTA_NUMBERS.registered, document_number: "SB-2026-0042" });
    expect(created).toMatchObject({ kind: "invoice", amount: 55000, match_result: 1, match_result_label: "一致", credit_rate: 100, version: 1 });
    // Per rate under the names the form and the detail page use (issue 33: the page showed 「undefined円」).
    expect(created).toMatchObject({ amount_10: 55000, tax_10: 5000, amount_8: null, tax_8: null, amount_0: null });
    expect(created.files).toHaveLength(1);
    expect(created.files[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(created.versions).toEqual([expect.objectContaining({ version: 1, action: "create", changed_by: "U-DEMO-OWNER" })]);

    const file = await api.call(`/received-documents/${created.id}/files/${created.files[0]!.id}`);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
  });

  it("refuses a file whose bytes are not PDF, JPEG or PNG, whatever its name says", async () => {
    const form = new FormData();
    form.append("files", new Blob([Buffer.from("<html>not a pdf</html>")]), "invoice.pdf");
    const response = await api.call("/received-documents/uploads", { method: "POST", body: form });
    expect(response.status).toBe(415);
    expect((await response.json()).message).toBe("対応していないファイル形式です。PDF、JPEG、PNG、またはデジタルインボイス（JP PINTのXML）のファイルを選んでください。");
  });

  it("needs a file, and a total that the amounts per rate make up", async () => {
    const noFile = await api.call("/received-documents", { method: "POST", body: JSON.stringify({ kind: "receipt", transaction_date: "2026-11-01", amount: "1000", supplier_name: "文具店" }), headers: { "Content-Type": "application/json" } });
    expect(noFile.status).toBe(422);
    expect((await noFile.json()).fields.files).toEqual(["書類のファイル（PDF、JPEG、PNG）を1つ以上添付してください"]);
    const [upload] = await uploadReceived(api, [{ name: "scan.png", bytes: anotherScan() }]);
    const mismatch = await api.call("/received-documents", { method: "POST", body: JSON.stringify({ kind: "receipt", upload_ids: [upload.id], transaction_date: "2026-11-01", amount: "1000", amount_10: "900", supplier_name: "文具店" }), headers: { "Content-Type": "application/json" } });
    expect(mismatch.status).toBe(422);
    expect((await mismatch.json()).fields.amount).toEqual(["税率ごとの金額（税込）の合計が、金額（税込）と一致しません"]);
  });

  it("saves with result 4 when the NTA does not answer in time or fails, checks again on request, and flags a document without a number as not deductible", async () => {
    for (const [number, amount] of [[SANDBOX_NTA_NUMBERS.noAnswer, "5500"], [SANDBOX_NTA_NUMBERS.serverError, "6600"]] as const) {
      const [upload] = await uploadReceived(api, [{ name: "scan.png", bytes: anotherScan() }]);
      const created = await createReceived(api, { kind: "invoice", origin: "scanned", upload_ids: [upload.id], transaction_date: "2026-11-02", amount, supplier_name: "株式会社おそい", registration_number: number });
      expect(created).toMatchObject({ version: 1, match_result: 4, match_result_label: "エラー", credit_rate: null });
      const again = await api.call(`/received-documents/${created.id}/verification`, { method: "POST" });
      expect(again.status).toBe(200);
      const checked = await detailOf(again);
      // A check is not a correction of the record: the version stays, the result and its time are renewed.
      expect(checked).toMatchObject({ version: 1, match_result: 4 });
      expect(Date.parse(checked.match_checked_at!)).toBeGreaterThan(Date.parse(created.match_checked_at!));
    }
    const [upload] = await uploadReceived(api, [{ name: "receipt.png", bytes: anotherScan() }]);
    const created = await createReceived(api, { kind: "receipt", upload_ids: [upload.id], transaction_date: "2026-11-02", amount: "880", supplier_name: "喫茶店" });
    expect(created).toMatchObject({ match_result: null, credit_rate: 50 });
    expect(created.credit_label).toContain("50%");
  });

  it("warns of a possible duplicate (the same file, or the same supplier, date and amount) and keeps it once the user says so (issue 33)", async () => {
    const scan = anotherScan();
    const post = async (fields: Record<string, unknown>) => api.call("/received-documents", { method: "POST", body: JSON.stringify({ kind: "invoice", ...fields }), headers: { "Content-Type": "application/json" } });
    const [first] = await uploadReceived(api, [{ name: "dup.png", bytes: scan }]);
    await createReceived(api, { upload_ids: [first.id], transaction_date: "2026-11-05", amount: "33000", supplier_name: "株式会社二重" });

    const [sameFile] = await uploadReceived(api, [{ name: "dup-again.png", bytes: scan }]);
    const warned = await post({ upload_ids: [sameFile.id], transaction_date: "2026-11-06", amount: "1", supplier_name: "別名" });
    expect(warned.status).toBe(409);
    const warning = await warned.json();
    expect(warning).toMatchObject({ code: "possible_duplicate", fields: { allow_duplicate: [warning.message] } });
    expect(warning.message).toContain("2026年11月5日 株式会社二重 33,000円（同じファイル）");

    const [otherFile] = await uploadReceived(api, [{ name: "dup-other.png", bytes: anotherScan() }]);
    const sameDetails = await post({ upload_ids: [otherFile.id], transaction_date: "2026-11-05", amount: "33,000", supplier_name: "（株）二重" });
    expect(sameDetails.status).toBe(409);
    expect((await sameDetails.json()).message).toContain("（同じ取引先・日付・金額）");

    const kept = await post({ upload_ids: [otherFile.id], transaction_date: "2026-11-05", amount: "33000", supplier_name: "株式会社二重", allow_duplicate: true });
    expect(kept.status).toBe(201);

    // A user who sees only what they registered is told that another's matches, not what it is.
    await api.database.db.execute(sql`update payment_service_users set receive_reference_id = 2 where user_unique_code = 'U-DEMO-USER'`);
    try {
      const [theirs] = await uploadReceived(api, [{ name: "dup-user.png", bytes: scan }], "user");
      const limited = await api.call("/received-documents", { method: "POST", body: JSON.stringify({ kind: "invoice", upload_ids: [theirs.id], transaction_date: "2026-11-09", amount: "2", supplier_name: "別名" }), headers: { "Content-Type": "application/json" }, as: "user" });
      expect(limited.status).toBe(409);
      const message = (await limited.json()).message as string;
      expect(message).toContain("ほかの利用者が登録した書類（同じファイル）");
      expect(message).not.toContain("株式会社二重");
    } finally {
      await api.database.db.execute(sql`update payment_service_users set receive_reference_id = 1 where user_unique_code = 'U-DEMO-USER'`);
    }
  });

  it("makes one document of a form sent twice", async () => {
    const [upload] = await uploadReceived(api, [{ name: "twice.png", bytes: anotherScan() }]);
    const body = { upload_ids: [upload.id], idempotency_key: "received-twice-0001", transaction_date: "2026-11-03", amount: "100", supplier_name: "二度押し商店" };
    const first = await createReceived(api, body);
    const again = await api.call("/received-documents", { method: "POST", body: JSON.stringify({ kind: "invoice", ...body }), headers: { "Content-Type": "application/json" } });
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe(first.id);
  });
});

describe("uploads made to hurt (issue 29, decision 034)", () => {
  const invoicePdf = () =>
    receivedDocumentPdf({ title: "請求書", supplierName: "株式会社あとの商事", registrationNumber: null, addressee: "株式会社デモ商事", date: "2026-11-20", amount: 2_200, documentNumber: "AFTER-1" });

  it.each<[string, () => Promise<Uint8Array>]>([
    ["a page of text operators that inflates to 100 MB", textOperatorBomb],
    ["200 MB of spaces", spacesBomb],
  ])("keeps %s unread, answers at once and stays up", async (_, bomb) => {
    const bytes = await bomb();
    const started = performance.now();
    const [upload] = await uploadReceived(api, [{ name: "bomb.pdf", bytes }]);
    // Given up by the count, before the reader's deadline could have stopped it.
    expect(performance.now() - started).toBeLessThan(PDF_READ_LIMITS.timeoutMs);
    expect(upload).toMatchObject({ file_name: "bomb.pdf", content_type: "application/pdf", proposal: null, notice: PDF_GAVE_UP });
    expect(process.memoryUsage().heapUsed).toBeLessThan(512 * 1024 * 1024);
    // The same server reads the next file as before.
    const [next] = await uploadReceived(api, [{ name: "after.pdf", bytes: await invoicePdf() }]);
    expect(next).toMatchObject({ notice: null, proposal: { document_number: "AFTER-1", amount: "2200" } });
  });

  it.each<[string, Uint8Array | (() => Promise<Uint8Array>), string]>([
    ["%PDF- and then a web page", PDF_THEN_HTML, "「file」はPDFとして開けません。壊れていないPDFのファイルを選んでください。"],
    ["the first half of a PDF", async () => (await invoicePdf()).slice(0, 8_000), "「file」はPDFとして開けません。壊れていないPDFのファイルを選んでください。"],
    ["a PDF without its last bytes", async () => (await invoicePdf()).slice(0, -20), "「file」はPDFとして開けません。壊れていないPDFのファイルを選んでください。"],
    ["a PNG signature and then something else", PNG_THEN_JUNK, "「file」は画像として読み取れません。壊れていないJPEG・PNGのファイルを選んでください。"],
    ["a JPEG signature and then something else", JPEG_THEN_JUNK, "「file」は画像として読み取れません。壊れていないJPEG・PNGのファイルを選んでください。"],
  ])("refuses %s and stores nothing", async (_, made, message) => {
    const bytes = typeof made === "function" ? await made() : made;
    const stored = async () => (await api.database.db.select({ count: sql<number>`count(*)::int` }).from(files))[0]!.count;
    const before = await stored();
    const form = new FormData();
    form.append("files", new Blob([PNG_BYTES]), "fine.png");
    form.append("files", new Blob([bytes as Uint8Array<ArrayBuffer>]), "file");
    const response = await api.call("/received-documents/uploads", { method: "POST", body: form });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ code: "unsupported_media_type", message, fields: { files: [message] } });
    expect(await stored()).toBe(before);
  });
});

describe("corrections and deletion (電子帳簿保存法)", () => {
  it("keeps each edit as a version with the previous value, adds files without replacing them, and refuses a stale edit", async () => {
    const [upload] = await uploadReceived(api, [{ name: "first.png", bytes: anotherScan() }]);
    const created = await createReceived(api, { upload_ids: [upload.id], transaction_date: "2026-11-04", amount: "3300", supplier_name: "株式会社あとから工業" });
    const [second] = await uploadReceived(api, [{ name: "second.png", bytes: anotherScan() }]);
    const edited = await api.call(`/received-documents/${created.id}`, patch({ version: 1, upload_ids: [second.id], remove_file_ids: [created.files[0]!.id], transaction_date: "2026-11-04", amount: "3,520", supplier_name: "株式会社あとから工業" }));
    expect(edited.status).toBe(200);
    const body = await detailOf(edited);
    expect(body.version).toBe(2);
    expect(body.versions[1]).toMatchObject({
      version: 2,
      action: "update",
      changes: [
        { field: "amount", before: "3300", after: "3520" },
        { field: "files", before: "first.png", after: "second.png" },
      ],
    });
    // The removed file is kept, marked with the version that removed it.
    expect(body.files).toEqual([expect.objectContaining({ file_name: "first.png", removed_in_version: 2 }), expect.objectContaining({ file_name: "second.png", added_in_version: 2, removed_in_version: null })]);
    const stale = await api.call(`/received-documents/${created.id}`, patch({ version: 1, transaction_date: "2026-11-04", amount: "1", supplier_name: "x" }));
    expect(stale.status).toBe(409);
  });

  it("names the person and shows the values as the form offers them, in the history (issue 33)", async () => {
    const nameOf = (name: "owner" | "user") => `${fixtureUsers[name].lastName} ${fixtureUsers[name].firstName}`;
    // Signing in keeps the person's name with their payment service user.
    expect((await api.call("/user_service/signed_in", { method: "POST" })).status).toBe(200);
    const customer = await createCustomer(api, { name: "株式会社りれき商事" });
    const [upload] = await uploadReceived(api, [{ name: "paper.png", bytes: anotherScan() }]);
    const created = await createReceived(api, {
      upload_ids: [upload.id],
      transaction_date: "2026-11-06",
      amount: "12100",
      supplier_name: "株式会社りれき商事",
      customer_id: customer.id,
      origin: "scanned",
      payee_account_type: "1",
      payee_account_number: "1234567",
    });
    const first = created.versions[0]!;
    expect(first).toMatchObject({ changed_by: "U-DEMO-OWNER", changed_by_name: nameOf("owner") });
    const shown = (version: { changes: Array<{ field: string; before_text: string | null; after_text: string | null }> }) =>
      Object.fromEntries(version.changes.map((change) => [change.field, [change.before_text, change.after_text]]));
    expect(shown(first)).toMatchObject({
      transaction_date: [null, "2026-11-06"],
      amount: [null, "12100"],
      customer_id: [null, "株式会社りれき商事"],
      origin: [null, "紙の書類をスキャン"],
      payee_account_type: [null, "普通"],
    });

    // 佐藤 corrects it before signing in again: the version keeps the code, and the history names them once they have.
    const edited = await api.call(`/received-documents/${created.id}`, {
      ...patch({ version: 1, transaction_date: "2026-11-06", amount: "12100", supplier_name: "株式会社りれき商事", customer_id: customer.id, origin: "electronic", payee_account_type: "2", payee_account_number: "1234567" }),
      as: "user",
    });
    expect(edited.status).toBe(200);
    const second = (await detailOf(edited)).versions[1]!;
    expect(second).toMatchObject({ changed_by: "U-DEMO-USER", changed_by_name: null });
    // The record keeps what was stored; the history shows the form's words.
    expect(second.changes).toEqual([
      { field: "origin", before: "scanned", after: "electronic", before_text: "紙の書類をスキャン", after_text: "電子取引（受け取ったファイル）" },
      { field: "payee_account_type", before: "1", after: "2", before_text: "普通", after_text: "当座" },
    ]);
    expect((await api.call("/user_service/signed_in", { method: "POST", as: "user" })).status).toBe(200);
    const detail = await detailOf(await api.call(`/received-documents/${created.id}?kind=invoice`));
    expect(detail.versions.map((version) => version.changed_by_name)).toEqual([nameOf("owner"), nameOf("user")]);
  });

  it("refuses a deletion inside the retention period and never lets the history be rewritten", async () => {
    const [upload] = await uploadReceived(api, [{ name: "keep.png", bytes: anotherScan() }]);
    const created = await createReceived(api, { upload_ids: [upload.id], transaction_date: "2026-11-05", amount: "500", supplier_name: "保存商店" });
    const refused = await api.call(`/received-documents/${created.id}/delete`, { method: "POST", body: JSON.stringify({ version: 1, reason: "誤登録" }), headers: { "Content-Type": "application/json" } });
    expect(refused.status).toBe(409);
    // A March year end: the year to 2027-03-31 is filed by 2027-05-31 and kept seven years from then.
    expect((await refused.json()).message).toContain("2034-05-31");
    expect(created.retention_end).toBe("2034-05-31");
    await expect(api.database.db.delete(receivedDocumentVersions).where(eq(receivedDocumentVersions.documentId, created.id))).rejects.toThrow();
    await expect(api.database.db.execute(sql`delete from received_documents where id = ${created.id}`)).rejects.toThrow();
  });
});

describe("the list", () => {
  it("searches by date range, amount range and supplier together, by free text, by result and by link filter", async () => {
    const customer = await createCustomer(api, { name: "株式会社みどり文具" });
    const make = async (fields: Record<string, unknown>) => {
      const [upload] = await uploadReceived(api, [{ name: "list.png", bytes: anotherScan() }]);
      return createReceived(api, { kind: "other", upload_ids: [upload.id], ...fields });
    };
    const a = await make({ transaction_date: "2026-06-10", amount: "12000", supplier_name: "株式会社みどり文具", customer_id: customer.id, notes: "コピー用紙" });
    const b = await make({ transaction_date: "2026-07-20", amount: "45000", supplier_name: "ミドリ運輸", payee_bank_name: "デモ銀行", payee_branch_name: "本店", payee_account_type: "1", payee_account_number: "1234567", payee_account_name: "ミドリウンユ" });
    const c = await make({ transaction_date: "2026-07-25", amount: "8000", supplier_name: "あおば印刷" });
    const ids = async (query: string) => (await listOf(`kind=other&${query}`)).items.map((item) => item.id);
    expect(await ids("date_from=2026-07-01&date_to=2026-07-31")).toEqual([c.id, b.id]);
    expect(await ids("date_from=2026-07-01&amount_min=10000")).toEqual([b.id]);
    // Width and kana do not matter: ﾐﾄﾞﾘ finds みどり and ミドリ alike.
    expect(await ids("supplier=ﾐﾄﾞﾘ")).toEqual([b.id, a.id]);
    expect(await ids("supplier=文具")).toEqual([a.id]);
    expect(await ids("q=コピー用紙")).toEqual([a.id]);
    expect(await ids("filter=with_customer")).toEqual([a.id]);
    expect(await ids("filter=with_account")).toEqual([b.id]);
    expect(await ids("filter=only")).toEqual([c.id]);
    expect(await ids("filter=with_both")).toEqual([]);
    expect(await ids("match_result=none&sort=amount&order=asc")).toEqual([c.id, a.id, b.id]);
    const page = await listOf("kind=other&date_from=2026-06-01&date_to=2026-07-31");
    expect(page).toMatchObject({ total: 3, sum: "65000" });
    // A filter's count and sum are kept only until a received document of the company changes.
    await make({ transaction_date: "2026-07-31", amount: "500", supplier_name: "あおば印刷" });
    expect(await listOf("kind=other&date_from=2026-06-01&date_to=2026-07-31&page=1")).toMatchObject({ total: 4, sum: "65500" });
  });

  it("exports the filtered list as CSV in Shift_JIS", async () => {
    const response = await api.call("/received-documents/export?kind=other&supplier=%E3%81%82%E3%81%8A%E3%81%B0&encoding=SJIS");
    expect(response.status).toBe(200);
    const text = new TextDecoder("shift_jis").decode(await response.arrayBuffer());
    expect(text.split("\r\n")[0]).toContain("取引年月日,金額（税込）");
    expect(text).toContain("あおば印刷");
    expect(text).not.toContain("ミドリ運輸");
  });
});

describe("tenants, permissions and the plan limit", () => {
  it("shows another company's documents to nobody, and a user limited to their own only those", async () => {
    const [upload] = await uploadReceived(api, [{ name: "mine.png", bytes: anotherScan() }]);
    const created = await createReceived(api, { upload_ids: [upload.id], transaction_date: "2026-11-06", amount: "700", supplier_name: "秘密商店" });
    expect((await api.call(`/received-documents/${created.id}`, { as: "shinkinOwner" })).status).toBe(404);
    expect((await api.call(`/received-documents/${created.id}/files/${created.files[0]!.id}`, { as: "shinkinOwner" })).status).toBe(404);
    const shinkin = await listOf("kind=invoice", "shinkinOwner");
    expect(shinkin.total).toBe(0);
    await api.database.db.execute(sql`update payment_service_users set receive_reference_id = 2 where user_unique_code = 'U-DEMO-USER'`);
    expect((await api.call(`/received-documents/${created.id}`, { as: "user" })).status).toBe(404);
    await api.database.db.execute(sql`update payment_service_users set receive_reference_id = 1 where user_unique_code = 'U-DEMO-USER'`);
    expect((await api.call(`/received-documents/${created.id}`, { as: "user" })).status).toBe(200);
  });

  it("refuses files past the plan's monthly max_receive_files with how many are left", async () => {
    const usage = receivedUsageAnswer.parse(await (await api.call("/received-documents/usage")).json());
    await api.database.db.update(plans).set({ maxReceiveFiles: usage.used + 1 }).where(eq(plans.planId, 2));
    const response = await api.call("/received-documents/uploads", { method: "POST", body: formOf([{ name: "a.png", bytes: anotherScan() }, { name: "b.png", bytes: anotherScan() }]) });
    expect(response.status).toBe(429);
    expect((await response.json()).message).toBe("今月受け取れるファイルは残り1件です（ご契約のプランでは月" + (usage.used + 1) + "件まで）。来月になるか、上位のプランに変更してください。");
    await api.database.db.update(plans).set({ maxReceiveFiles: 100 }).where(eq(plans.planId, 2));
  });
});

function formOf(filesToSend: Array<{ name: string; bytes: Uint8Array }>): FormData {
  const form = new FormData();
  for (const file of filesToSend) form.append("files", new Blob([file.bytes as Uint8Array<ArrayBuffer>]), file.name);
  return form;
}
