import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PlanConfirmPage } from "~/routes/__accounts/PlanChangePages";
import { titleMeta } from "~/meta";
import { addplanConfirm as addplanConfirmTitle } from "~/locales/ja/titlesAccounts.json";
import { planConfirmAction, planConfirmLoader } from "~/routes/__accounts/plan-change-pages.server";

export const handle = { i18n: ["common"], screenName: "accounts-register-addplan-confirm" };

export const meta = titleMeta(addplanConfirmTitle);

export const loader = (args: LoaderFunctionArgs) => planConfirmLoader(args, "addplan");

export const action = (args: ActionFunctionArgs) => planConfirmAction(args, "addplan");

export default PlanConfirmPage;
