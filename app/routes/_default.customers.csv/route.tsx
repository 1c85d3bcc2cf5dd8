import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import { customerCsv as customerCsvTitle } from "~/locales/ja/titlesMasters.json";
import { CUSTOMER_CSV_HEADERS } from "@domain/master-csv-columns";
import { MasterCsvPage, type CsvImportResult } from "~/routes/__csv/MasterCsvPage";
import { titleMeta } from "~/meta";
import { requireCompanyCaller } from "~/services/api-caller.server";
import { csvImportAction } from "~/routes/__csv/master-csv-routes.server";

export const handle = { i18n: ["common"], screenName: "customers-csv" };

export const meta = titleMeta(customerCsvTitle);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCompanyCaller(request, context, "customers-csv");
  return null;
}

export function action({ request, context }: ActionFunctionArgs) {
  return csvImportAction(request, context, "customers");
}

export default function CustomersCsvPage() {
  const { t } = useTexts({ titles: { customerCsv: customerCsvTitle } });
  const result = useActionData<typeof action>() as CsvImportResult | undefined;
  return <MasterCsvPage title={t("titles.customerCsv")} resource="customers" listPath="/customers/list" columns={Object.values(CUSTOMER_CSV_HEADERS)} result={result} />;
}
