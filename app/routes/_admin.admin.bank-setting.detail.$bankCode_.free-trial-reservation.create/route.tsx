import type { SubmissionResult } from "@conform-to/react";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ReservationCreatePage } from "~/routes/__admin-banks/ReservationPage";
import { adminFreeTrialReservationCreate as title } from "~/locales/ja/titlesPages.json";
import { titleMeta } from "~/meta";
import { reservationCreateAction, reservationCreateLoader } from "~/routes/__admin-banks/admin-banks.server";

export const handle = {
  i18n: ["common"],
  screenName: "admin-free-trial-reservation-create",
};

export const meta = titleMeta(title);

export const loader = reservationCreateLoader;

export const action = reservationCreateAction;

export default function AdminFreeTrialReservationCreate() {
  const { bank, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return <ReservationCreatePage title={title} bank={bank} constraint={constraint} lastResult={lastResult} />;
}
