import { SANDBOX_PEPPOL_COMPANIES } from "../../sandbox/demo-data";
import { violationsOn, violationsWithAndWithoutJavaScript } from "./axe";
import { askFirst, expect, saveAndIssueInvoice, settled, signInThroughBank, test } from "./fixtures";

/*
 * Issue 36 item 4 (decision 045): 株式会社はじまり商会 sends an issued invoice as a digital invoice through the sandbox's
 * Peppol access point, asked first, and sees 送信済 in its send history; 合同会社かわる, whose Peppol ID the customer
 * carries, takes it in from the access point as a received invoice. Both projects send to the same receiver, so what
 * the receiver is told counts whatever the other project left waiting; the list shows this project's invoice either way.
 */

const { sender, receiver } = SANDBOX_PEPPOL_COMPANIES;

test.describe("digital invoices through the Peppol access point", () => {
  test.use({ viewport: { width: 1280, height: 1000 } });

  test("an issued invoice is sent through the sandbox access point (送信済) and taken in by the company it is for", { tag: "@both" }, async ({ page, javaScript }) => {
    // Two companies' sign-ins and pages, and a wait for the outbox's worker: more than one page's flow.
    test.slow();
    await signInThroughBank(page, "campaign@demo.example");
    await page.goto("/invoices/create");
    await settled(page, javaScript);
    await page.getByLabel("取引先", { exact: true }).selectOption({ label: receiver.name });
    await page.getByLabel("取引先名").fill(receiver.name);
    await page.getByLabel("件名").fill(javaScript ? "デジタルインボイス送信（JS）" : "デジタルインボイス送信（JSなし）");
    await page.getByLabel("支払期限").fill("2026-12-31");
    await page.getByLabel("1行目の品名").fill("保守作業");
    await page.getByLabel("1行目の単価").fill("50000");
    const number = await saveAndIssueInvoice(page, javaScript);
    await settled(page, javaScript);
    const detail = new URL(page.url()).pathname;

    // The invoice passes the JP PINT check, so the section offers the send, naming where it goes.
    const section = page.getByRole("region", { name: "デジタルインボイス（JP PINT）" });
    await expect(section).toContainText(`取引先のPeppol ID（${receiver.peppolId}）宛て`);
    const where = await askFirst(page, javaScript, section.getByRole("link", { name: "デジタルインボイスで送る" }), `請求書 ${number}（${receiver.name} 御中）をデジタルインボイスで送りますか`);
    await where.getByRole("button", { name: "デジタルインボイスで送る" }).click();

    await expect(page.getByTestId("notice")).toHaveText(/デジタルインボイスの送信を受け付けました。/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`請求書 ${number} の送信履歴`);
    const entry = page.getByTestId("mail-entry").first();
    await expect(entry).toContainText("デジタルインボイス（Peppol）");
    await expect(entry).toContainText(receiver.peppolId);
    // The worker hands it over in the background: the page shows the outcome once it is there.
    await expect
      .poll(async () => {
        await page.reload();
        return page.getByTestId("mail-status").first().textContent();
      })
      .toBe("送信済");
    await settled(page, javaScript);
    // The states only this flow reaches, in the axe walk's way (once, from the JavaScript-on project): the section with
    // its send, the question as a page of its own, and the send history with a digital invoice in it.
    if (javaScript) {
      const history = new URL(page.url()).pathname;
      expect(await violationsWithAndWithoutJavaScript(page, [detail, `${detail}?confirm=sendDigitalInvoice`, history])).toEqual([]);
    }

    // The access point lists what it accepted, from whom and for whom. Its page is the sandbox's own HTML, not a Remix
    // page the axe walk can wait for: analysed here, as served, once (from the JavaScript-off project).
    if (!javaScript) expect(await violationsOn(page, false, "/sandbox/peppol")).toEqual([]);
    await page.goto("/sandbox/peppol");
    const message = page.getByTestId("peppol-message").filter({ hasText: number });
    await expect(message).toContainText(sender.peppolId);
    await expect(message).toContainText(receiver.peppolId);

    // The receiving company takes what waits for its Peppol ID; the invoice is then among its received invoices.
    await page.context().clearCookies();
    await signInThroughBank(page, "changed@demo.example");
    await page.goto("/receive/invoices");
    await settled(page, javaScript);
    await page.getByRole("button", { name: "アクセスポイントから受け取る" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/デジタルインボイスを\d+件受け取り、受取請求書として登録しました。|アクセスポイントに新しいデジタルインボイスはありません。/);
    await page.goto(`/receive/invoices?q=${encodeURIComponent(number)}`);
    const row = page.getByTestId("received-documents").locator("tbody tr");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(sender.name);
    await expect(row).toContainText("55,000");
  });
});
