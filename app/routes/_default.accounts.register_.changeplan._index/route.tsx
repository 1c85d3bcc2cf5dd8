import type { LoaderFunctionArgs } from "@remix-run/node";
import { PlanChoicePage } from "~/routes/__accounts/PlanChangePages";
import { titleMeta } from "~/meta";
import { changeplan as changeplanTitle } from "~/locales/ja/titlesAccounts.json";
import { planChoiceLoader } from "~/routes/__accounts/plan-change-pages.server";

export const handle = { i18n: ["common"], screenName: "accounts-register-changeplan" };

export const meta = titleMeta(changeplanTitle);

export const loader = (args: LoaderFunctionArgs) => planChoiceLoader(args, "changeplan");

export default PlanChoicePage;
