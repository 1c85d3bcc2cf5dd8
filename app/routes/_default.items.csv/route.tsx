import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import { itemCsv as itemCsvTitle } from "~/locales/ja/titlesMasters.json";
import { ITEM_CSV_HEADERS } from "@domain/master-csv-columns";
import { MasterCsvPage, type CsvImportResult } from "~/routes/__csv/MasterCsvPage";
import { titleMeta } from "~/meta";
import { requireCompanyCaller } from "~/services/api-caller.server";
import { csvImportAction } from "~/routes/__csv/master-csv-routes.server";

export const handle = { i18n: ["common"], screenName: "items-csv" };

export const meta = titleMeta(itemCsvTitle);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCompanyCaller(request, context, "items-csv");
  return null;
}

export function action({ request, context }: ActionFunctionArgs) {
  return csvImportAction(request, context, "items");
}

export default function ItemsCsvPage() {
  const { t } = useTexts({ titles: { itemCsv: itemCsvTitle } });
  const result = useActionData<typeof action>() as CsvImportResult | undefined;
  return <MasterCsvPage title={t("titles.itemCsv")} resource="items" listPath="/items/list" columns={Object.values(ITEM_CSV_HEADERS)} result={result} />;
}
