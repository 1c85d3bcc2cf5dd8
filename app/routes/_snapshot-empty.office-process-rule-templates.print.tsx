import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/components/hydrated";
import { RuleDocumentView } from "~/components/office-process-rules/RuleDocumentView";
import { titleMeta } from "~/meta";
import { requireCompanyCaller } from "~/services/api-caller.server";
import { getOfficeProcessRule, ruleDocumentOf } from "~/services/office-process-rules.server";

const SCREEN_NAME = "office-process-rule-templates-print";

export const handle = { i18n: ["common"], screenName: SCREEN_NAME };

export const meta = titleMeta("officeProcessRulesPrint");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, SCREEN_NAME);
  return { document: ruleDocumentOf(await getOfficeProcessRule(caller)) };
}

/** The button needs window.print, so before (or without) JavaScript the page points to the browser's own command. */
function PrintControls() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  return (
    <div className="print-hidden">
      {hydrated ? (
        <button type="button" className="button" onClick={() => window.print()}>
          {t("officeRules.print")}
        </button>
      ) : (
        <p>{t("officeRules.printWithBrowser")}</p>
      )}{" "}
      <Link to="/office-process-rule-templates" prefetch="none">
        {t("officeRules.back")}
      </Link>
    </div>
  );
}

export default function OfficeProcessRulesPrintPage() {
  const { document } = useLoaderData<typeof loader>();
  return (
    <>
      <PrintControls />
      <RuleDocumentView document={document} titleLevel={1} />
    </>
  );
}
