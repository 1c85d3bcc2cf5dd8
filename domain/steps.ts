/**
 * Long loops over what a user sent — a statement's lines, the open invoices its deposits are matched
 * against — are written as generators that yield every few items. The server runs them a slice of time at
 * a time and answers other requests in between (api/slices.ts); unit tests and one-off readers run them at
 * once. Pure: when to pause is the caller's choice.
 */
export type Steps<T> = Generator<void, T, void>;

/** Items handled between two yields: small enough that a slice ends within a millisecond or two of its time. */
export const ITEMS_PER_STEP = 64;

/** Runs the steps to the end without pausing. */
export function runAtOnce<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
