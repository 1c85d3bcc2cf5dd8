import { SANDBOX_NTA_NUMBERS } from "../../sandbox/nta-fixture";
import { receivedDocumentPdf } from "../../sandbox/received-pdfs";
import { expect, settled, signInThroughBank, test } from "./fixtures";

/** Each project registers into a receiving company of its own, so the two can run at once. */
async function signInAsReceivingCompany(page: Parameters<typeof signInThroughBank>[0], javaScript: boolean) {
  await (javaScript ? signInThroughBank(page, "owner@mirai.example", "0182") : signInThroughBank(page, "changed@demo.example"));
}

/** Each kind's pages, with the title its supplier's PDF carries. */
const RECEIVE_FLOWS = [
  { path: "/receive/invoices", title: "請求書", code: "INV" },
  { path: "/receive/receipts", title: "領収書", code: "RCP" },
  { path: "/receive/others", title: "納品書", code: "OTH" },
] as const;

test.describe("received documents", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const { path, title, code } of RECEIVE_FLOWS) {
    test(`${path}: upload a PDF → fields proposed → confirm → verified → edit → both versions in the history → deletion refused inside retention`, { tag: "@both" }, async ({ page, javaScript }) => {
      const supplier = "株式会社サンドボックス商事";
      const documentNumber = javaScript ? `E2E-JS-${code}` : `E2E-NOJS-${code}`;
      const pdf = await receivedDocumentPdf({
        title,
        supplierName: supplier,
        registrationNumber: SANDBOX_NTA_NUMBERS.registered,
        addressee: "株式会社テスト 御中",
        date: "2026-10-31",
        dueDate: "2026-11-30",
        amount: 55000,
        documentNumber,
      });
      await signInAsReceivingCompany(page, javaScript);
      await page.goto(path);
      await page.getByRole("link", { name: "受取書類を登録" }).click();
      // A click before hydration is a full load: settled() must not read the list it leaves.
      await expect(page).toHaveURL(new RegExp(`${path}/create$`));
      await settled(page, javaScript);

      // A refused save keeps what was typed and says what is wrong, beside the field.
      await page.getByLabel("取引年月日").fill("2026-10-31");
      await page.getByLabel("金額（税込）", { exact: true }).fill("55,000円くらい");
      await page.getByLabel("取引先名").fill(supplier);
      await page.getByLabel("備考").fill("月末締め分");
      await page.getByRole("button", { name: "登録する" }).click();
      await expect(page.getByText("金額は円単位の整数で入力してください（12桁まで）")).toBeVisible();
      await expect(page.getByLabel("備考")).toHaveValue("月末締め分");
      await page.getByLabel("金額（税込）", { exact: true }).fill("55,000");

      // Reading the PDF fills what is still empty and never replaces what was typed.
      await page.getByLabel("書類のファイル", { exact: true }).setInputFiles({ name: `${documentNumber}.pdf`, mimeType: "application/pdf", buffer: Buffer.from(pdf) });
      await page.getByRole("button", { name: "ファイルを添付して読み取る" }).click();
      await expect(page.getByTestId("received-proposal")).toContainText("PDFの文字情報から");
      await expect(page.getByTestId("received-uploads")).toContainText(`${documentNumber}.pdf`);
      await expect(page.getByLabel("登録番号（T＋13桁）")).toHaveValue(SANDBOX_NTA_NUMBERS.registered);
      await expect(page.getByLabel("書類番号")).toHaveValue(documentNumber);
      await expect(page.getByLabel("支払期日")).toHaveValue("");
      await expect(page.getByLabel("取引年月日")).toHaveValue("2026-10-31");
      await expect(page.getByLabel("金額（税込）", { exact: true })).toHaveValue("55,000");
      await expect(page.getByLabel("取引先名")).toHaveValue(supplier);
      await expect(page.getByLabel("備考")).toHaveValue("月末締め分");

      await page.getByRole("button", { name: "登録する" }).click();
      await expect(page.getByTestId("notice")).toHaveText(/受取書類を登録しました。/);
      await expect(page.getByTestId("received-match-result")).toHaveText("一致");
      await expect(page.getByTestId("received-credit")).toHaveText("適格請求書のため全額控除");
      await expect(page.getByTestId("received-files")).toContainText(`${documentNumber}.pdf`);

      await page.getByRole("link", { name: "編集する" }).click();
      await settled(page, javaScript);
      await page.getByLabel("金額（税込）", { exact: true }).fill("56,100");
      await page.getByRole("button", { name: "保存する" }).click();
      await expect(page.getByTestId("notice")).toHaveText(/受取書類を保存しました。/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("第2版");
      const history = page.getByTestId("received-history");
      await expect(history.locator("tbody tr").filter({ hasText: "金額（税込）" })).toHaveCount(2);
      await expect(history.locator("tbody tr").filter({ hasText: "訂正" })).toContainText("55000");
      await expect(history.locator("tbody tr").filter({ hasText: "訂正" })).toContainText("56100");

      await page.getByRole("link", { name: "削除する" }).click();
      if (!javaScript) await expect(page.getByRole("heading", { level: 1 })).toHaveText("この受取書類を削除しますか");
      await page.getByLabel("削除の理由").fill("誤って登録したため");
      await page.getByRole("button", { name: "削除する" }).click();
      await expect(page.getByTestId("notice")).toContainText("保存期間中（2034-05-31まで）のため削除できません。");
      await expect(page.getByTestId("received-deleted")).toHaveCount(0);

      await page.getByRole("link", { name: "原本と記録を表示（印刷用）" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText("第2版");
      await expect(page.locator(`iframe[title="${documentNumber}.pdf"]`)).toHaveCount(1);
    });
  }

  test("the demo company's list shows each kind and result, searched by date, amount and supplier", { tag: "@both" }, async ({ page, javaScript }) => {
    await signInThroughBank(page, "user@demo.example");
    await page.goto("/receive/invoices");
    const rows = page.getByTestId("received-documents").locator("tbody tr");
    await expect(rows.filter({ hasText: "株式会社ミドリ商会" })).toContainText("不一致");
    await expect(rows.filter({ hasText: "株式会社みつからない" })).toContainText("該当なし");
    await expect(rows.filter({ hasText: "2026/10/20" })).toContainText("エラー");
    await settled(page, javaScript);
    await page.getByLabel("取引年月日（から）").fill("2026-10-01");
    await page.getByLabel("取引年月日（まで）").fill("2026-10-31");
    await page.getByLabel("金額（以上）").fill("30,000");
    await page.getByLabel("取引先", { exact: true }).fill("ｻﾝﾄﾞﾎﾞｯｸｽ");
    await page.getByRole("button", { name: "検索" }).click();
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId("received-sum")).toHaveText("合計 99,000円");
    await page.goto("/receive/receipts");
    await expect(page.getByTestId("received-documents")).toContainText("喫茶デモ");
    await page.goto("/receive/others");
    await expect(page.getByTestId("received-documents")).toContainText("株式会社サンドボックス商事");
  });

  test("a bank without receiving gets 403 unpublished; a company on the issue plan is offered a receive plan; another company's document is 404", async ({ page }) => {
    await signInThroughBank(page, "owner@shinkin.example", "0002");
    const unpublished = await page.goto("/receive/invoices");
    expect(unpublished?.status()).toBe(403);
    await expect(page.getByText("ご利用の銀行では、受取機能を提供していません。")).toBeVisible();

    await page.context().clearCookies();
    await signInThroughBank(page, "owner@other.example");
    const planOne = await page.goto("/receive/receipts/create");
    expect(planOne?.status()).toBe(403);
    await expect(page.getByTestId("addplan-link")).toHaveAttribute("href", "/accounts/register/addplan");

    await page.context().clearCookies();
    await signInThroughBank(page, "owner@mirai.example", "0182");
    const foreign = await page.goto("/receive/invoices/detail/1");
    expect(foreign?.status()).toBe(404);
  });
});
