import type { SubmissionResult } from "@conform-to/react";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ReservationPage } from "~/routes/__admin-banks/ReservationPage";
import { adminFreeTrialReservation as title } from "~/locales/ja/titlesPages.json";
import { titleMeta } from "~/meta";
import { reservationAction, reservationLoader } from "~/routes/__admin-banks/admin-banks.server";

export const handle = {
  i18n: ["common"],
  screenName: "admin-free-trial-reservation",
};

export const meta = titleMeta(title);

export const loader = reservationLoader;

export const action = reservationAction;

export default function AdminFreeTrialReservation() {
  const { reservation, bank, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return <ReservationPage reservation={reservation} bank={bank} constraint={constraint} lastResult={lastResult} />;
}
