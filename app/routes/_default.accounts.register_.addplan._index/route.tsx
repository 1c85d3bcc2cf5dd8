import type { LoaderFunctionArgs } from "@remix-run/node";
import { PlanChoicePage } from "~/routes/__accounts/PlanChangePages";
import { titleMeta } from "~/meta";
import { addplan as addplanTitle } from "~/locales/ja/titlesAccounts.json";
import { planChoiceLoader } from "~/routes/__accounts/plan-change-pages.server";

export const handle = { i18n: ["common"], screenName: "accounts-register-addplan" };

export const meta = titleMeta(addplanTitle);

export const loader = (args: LoaderFunctionArgs) => planChoiceLoader(args, "addplan");

export default PlanChoicePage;
