import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import officeRulesTexts from "~/locales/ja/officeRules.json";
import { PrintControls } from "~/components/print/PrintControls";
import { RuleDocumentView } from "~/routes/__office-process-rules/RuleDocumentView";
import { titleMeta } from "~/meta";
import { officeProcessRulesPrint as officeProcessRulesPrintTitle } from "~/locales/ja/titlesPages.json";
import { requireCompanyCaller } from "~/services/api-caller.server";
import { getOfficeProcessRule, ruleDocumentOf } from "~/routes/__office-process-rules/office-process-rules.server";

const SCREEN_NAME = "office-process-rule-templates-print";

export const handle = { i18n: ["common"], screenName: SCREEN_NAME };

export const meta = titleMeta(officeProcessRulesPrintTitle);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, SCREEN_NAME);
  return { document: ruleDocumentOf(await getOfficeProcessRule(caller)) };
}

export default function OfficeProcessRulesPrintPage() {
  const { document } = useLoaderData<typeof loader>();
  const { t } = useTexts({ officeRules: officeRulesTexts });
  return (
    <>
      <PrintControls backTo="/office-process-rule-templates" backLabel={t("officeRules.back")} />
      <RuleDocumentView document={document} titleLevel={1} />
    </>
  );
}
