import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PlanConfirmPage } from "~/routes/__accounts/PlanChangePages";
import { titleMeta } from "~/meta";
import { changeplanConfirm as changeplanConfirmTitle } from "~/locales/ja/titlesAccounts.json";
import { planConfirmAction, planConfirmLoader } from "~/routes/__accounts/plan-change-pages.server";

export const handle = { i18n: ["common"], screenName: "accounts-register-changeplan-confirm" };

export const meta = titleMeta(changeplanConfirmTitle);

export const loader = (args: LoaderFunctionArgs) => planConfirmLoader(args, "changeplan");

export const action = (args: ActionFunctionArgs) => planConfirmAction(args, "changeplan");

export default PlanConfirmPage;
