import { createInvoice, expect, settled, signInAsOwnCompany, test } from "./fixtures";

test.describe("sending documents by e-mail", () => {
  test.use({ viewport: { width: 1280, height: 1000 } });

  test("an invoice is sent as a link; the sender's preview is not an open, the recipient's is", { tag: "@both" }, async ({ page, browser, javaScript, baseURL }) => {
    const customer = javaScript ? "送信先ジェイエス株式会社" : "送信先ノージェイエス株式会社";
    await signInAsOwnCompany(page, javaScript);
    const number = await createInvoice(page, javaScript, customer, "30000");
    await settled(page, javaScript);

    const form = page.locator("form#mail-send");
    await expect(form.getByLabel("件名")).toHaveValue(new RegExp(number));
    // The customer is a company with no person in charge: 御中 alone opens the body.
    await expect(form.getByLabel("本文")).toHaveValue(new RegExp(`^${customer} 御中\n`));
    await form.getByLabel("宛先（To）").fill("keiri@broken");
    await form.getByLabel("件名").fill(`【至急】請求書 ${number}`);
    await form.getByRole("radio", { name: /閲覧用のリンク/ }).check();
    await form.getByRole("button", { name: "送信する" }).click();
    await expect(form.getByText("有効なメールアドレスを入力してください（keiri@broken）")).toBeVisible();
    await expect(form.getByLabel("件名")).toHaveValue(`【至急】請求書 ${number}`);

    await form.getByLabel("宛先（To）").fill("keiri@customer.example");
    await form.getByLabel("CC").fill("boss@customer.example");
    await form.getByRole("radio", { name: /閲覧用のリンク/ }).check();
    await form.getByRole("button", { name: "送信する" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/送信を受け付けました。/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`請求書 ${number} の送信履歴`);
    const entry = page.getByTestId("mail-entry").first();
    await expect(entry.getByRole("heading", { level: 2 })).toContainText(`1回目 【至急】請求書 ${number}`);
    await expect(entry).toContainText("keiri@customer.example");
    await expect(entry).toContainText("boss@customer.example");
    // The worker sends in the background: the page shows the outcome once it is there.
    await expect
      .poll(async () => {
        await page.reload();
        return page.getByTestId("mail-status").first().textContent();
      })
      .toBe("送信済");

    // Without SMTP_URL the message stays in the local mailbox, which the sandbox shows to the sending company.
    await page.goto("/sandbox/mailbox");
    const message = page.getByTestId("mailbox-message").filter({ hasText: `【至急】請求書 ${number}` });
    await expect(message).toContainText("keiri@customer.example, boss@customer.example");
    await expect(message.locator("pre")).toContainText("/view-pdf?token=");
    await page.goBack();

    const link = await page.getByRole("link", { name: /受信者と同じ画面で確認する/ }).getAttribute("href");
    expect(link).toMatch(new RegExp(`^${baseURL}/view-pdf\\?token=`));
    await page.goto(link!);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`請求書 ${number}`);
    await expect(page.getByText("送信者の確認用表示です。閲覧には数えていません。")).toBeVisible();
    await page.goBack();
    await page.reload();
    await expect(page.getByTestId("mail-status").first()).toHaveText("送信済");

    const recipient = await browser.newContext({ javaScriptEnabled: javaScript, locale: "ja-JP", timezoneId: "Asia/Tokyo" });
    const reader = await recipient.newPage();
    await reader.goto(link!);
    await expect(reader.getByRole("heading", { level: 1 })).toHaveText(`請求書 ${number}`);
    await expect(reader.getByText(`宛先：${customer} 御中`)).toBeVisible();
    await expect(reader.getByText(/^発行日：\d{4}年\d{1,2}月\d{1,2}日$/)).toBeVisible();
    await expect(reader.getByText("送信者の確認用表示です。")).toHaveCount(0);
    const pdf = await reader.request.get(await reader.getByRole("link", { name: "PDFを開く" }).getAttribute("href").then((href) => href!));
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const forged = await reader.goto(`${link!.slice(0, -1)}${link!.endsWith("A") ? "B" : "A"}`);
    expect(forged!.status()).toBe(404);
    await expect(reader.getByRole("alert")).toHaveText("リンクが正しくありません。メールに記載されたリンクをそのまま開いてください。");
    expect((await reader.goto("/view-pdf"))!.status()).toBe(404);
    await expect(reader.getByRole("alert")).toHaveText("リンクが正しくありません。メールに記載されたリンクをそのまま開いてください。");
    await recipient.close();

    await page.reload();
    await expect(page.getByTestId("mail-status").first()).toHaveText("閲覧済");
    await expect(page.getByTestId("mail-opened").first()).toContainText("初回");
    await page.goto(`/invoices/list?q=${encodeURIComponent(number)}`);
    await expect(page.getByTestId("list-mail-status")).toHaveText(["閲覧済"]);
  });
});
