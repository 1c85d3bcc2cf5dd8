import { useLoaderData } from "@remix-run/react";
import { itemDelete as itemDeleteTitle } from "~/locales/ja/titlesMasters.json";
import { ConfirmPage } from "~/components/forms/ConfirmAction";
import { titleMeta } from "~/meta";
import { itemDeleteAction, itemDeleteLoader } from "~/routes/__items/item-delete.server";

export const handle = { i18n: ["common"], screenName: "items-list" };

export const meta = titleMeta(itemDeleteTitle);

export const loader = itemDeleteLoader;

export const action = itemDeleteAction;

export default function ItemDeletePage() {
  const { backTo, words } = useLoaderData<typeof loader>();
  return <ConfirmPage action="delete" words={words} backTo={backTo} />;
}
