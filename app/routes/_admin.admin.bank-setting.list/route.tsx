import { useLoaderData } from "@remix-run/react";
import { BankListPage } from "~/routes/__admin-banks/BankListPage";
import { adminBankSettings as title } from "~/locales/ja/titlesPages.json";
import { titleMeta } from "~/meta";
import { bankListLoader } from "~/routes/__admin-banks/admin-banks.server";
import type { RouteHandle } from "~/route-handle";

export const handle = { i18n: ["common"], screenName: "admin-bank-setting-list", hydrate: false } satisfies RouteHandle;

export const meta = titleMeta(title);

export const loader = bankListLoader;

export default function AdminBankSettingList() {
  return <BankListPage title={title} banks={useLoaderData<typeof loader>().items} />;
}
