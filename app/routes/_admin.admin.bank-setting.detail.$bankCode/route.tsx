import { useActionData, useLoaderData } from "@remix-run/react";
import { BankDetailPage, type BankDetailActionData } from "~/routes/_admin.admin.bank-setting.detail.$bankCode/BankDetailPage";
import { adminBankSettingDetail as title } from "~/locales/ja/titlesPages.json";
import { titleMeta } from "~/meta";
import { bankDetailAction, bankDetailLoader } from "~/routes/__admin-banks/admin-banks.server";

export const handle = {
  i18n: ["common"],
  screenName: "admin-bank-setting-detail",
};

export const meta = titleMeta(title);

export const loader = bankDetailLoader;

export const action = bankDetailAction;

export default function AdminBankSettingDetail() {
  const { bank, constraints } = useLoaderData<typeof loader>();
  return (
    <BankDetailPage
      key={bank.version}
      title={title}
      bank={bank}
      constraints={constraints}
      actionData={useActionData<typeof action>() as BankDetailActionData}
    />
  );
}
