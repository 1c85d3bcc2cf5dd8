import { setImmediate } from "node:timers/promises";
import type { Steps } from "../domain/steps";

/**
 * The longest one slice of request work holds the event loop: a request that arrives meanwhile (another
 * user's page, /healthz) waits about this long at most (ADR 035).
 */
export const SLICE_MS = 20;

/**
 * A pause for a long loop: once the current slice has run SLICE_MS, it waits for setImmediate, which lets
 * the event loop take pending I/O (new requests, database answers) first; otherwise it returns at once.
 */
export function slicePause(budgetMs = SLICE_MS): () => Promise<void> {
  let started = performance.now();
  return async () => {
    if (performance.now() - started < budgetMs) return;
    await setImmediate();
    started = performance.now();
  };
}

/** Runs domain steps (domain/steps.ts) a slice at a time, with the caller's pause when several loops share one. */
export async function runInSlices<T>(steps: Steps<T>, pause = slicePause()): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}
