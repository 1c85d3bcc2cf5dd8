import { readFile } from "node:fs/promises";
import iconv from "iconv-lite";
import { expect, settled, signInThroughBank, test } from "./fixtures";

test.describe("master data CSV", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("exports items in Shift_JIS, refuses a file with a bad row naming its line, then imports a good one", { tag: "@both" }, async ({ page, javaScript }) => {
    const [login, bank, prefix] = javaScript ? ["owner@other.example", undefined, "JS"] : ["owner@shinkin.example", "0002", "NOJS"];
    await signInThroughBank(page, login, bank);
    await page.goto("/items/list");
    await page.getByRole("link", { name: "CSVの入出力" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("品目のCSV入出力");
    await settled(page, javaScript);

    const bad = `品目コード,品目名,単価,税率\r\n${prefix}-1,㈱髙橋の①～,100,10\r\n${prefix}-2,,abc,10\r\n`;
    await page.getByLabel("CSVファイル").setInputFiles({ name: "items.csv", mimeType: "text/csv", buffer: iconv.encode(bad, "cp932") });
    await page.getByRole("button", { name: "取り込む" }).click();
    await expect(page.getByText("CSVに誤りがあるため、何も取り込んでいません。")).toBeVisible();
    const problems = page.getByTestId("csv-problems");
    await expect(problems.getByRole("row", { name: /3行目 品目名 このフィールドは必須です/ })).toBeVisible();
    await expect(problems.getByRole("row", { name: /3行目 単価 単価は整数10桁・小数4桁までの数値で入力してください/ })).toBeVisible();

    const good = bad.replace(`${prefix}-2,,abc,10`, `${prefix}-2,値引,-50,8%`);
    await page.getByLabel("CSVファイル").setInputFiles({ name: "items.csv", mimeType: "text/csv", buffer: iconv.encode(good, "cp932") });
    await page.getByRole("button", { name: "取り込む" }).click();
    await expect(page).toHaveURL(/\/items\/list$/);
    await expect(page.getByTestId("notice")).toHaveText(/CSVを取り込みました（新規2件、更新0件）。/);
    await expect(page.getByRole("row", { name: /㈱髙橋の①～/ })).toContainText("100円");

    await page.goto("/items/csv");
    await page.getByLabel("文字コード").selectOption("SJIS");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "書き出す" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^品目_\d{8}\.csv$/);
    const text = iconv.decode(await readFile((await download.path())!), "cp932");
    expect(text).toContain(`${prefix}-1,㈱髙橋の①～,,100,10`);
    expect(text).toContain(`${prefix}-2,値引,,'-50,8`);
  });

  test("says what Shift_JIS cannot hold instead of downloading a damaged customers file", { tag: "@both" }, async ({ page, javaScript }) => {
    const [login, bank] = javaScript ? ["owner@other.example", undefined] : ["owner@shinkin.example", "0002"];
    await signInThroughBank(page, login, bank);
    const name = javaScript ? "𠮷田商店JS" : "𠮷田商店NOJS";
    await page.goto("/customers/create");
    await settled(page, javaScript);
    await page.getByLabel("取引先名").fill(name);
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/取引先を保存しました。/);

    await page.goto("/customers/csv");
    await settled(page, javaScript);
    await page.getByLabel("文字コード").selectOption("SJIS");
    await page.getByRole("button", { name: "書き出す" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/Shift_JISで表せない文字があります（\d+行目「𠮷」）。UTF-8で出力してください。/);
    // The refusal came as a new document (the export posts without a fetch, for its download): React takes it over first.
    await settled(page, javaScript);

    await page.getByLabel("文字コード").selectOption("UTF8");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "書き出す" }).click()]);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString("utf8")).toContain(name);
  });
});
