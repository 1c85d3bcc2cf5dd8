import type { Logger } from "pino";
import { isDatabaseAway } from "../errors";

/**
 * A background task run every `intervalMs` by each server, never twice at once in one process (the database
 * keeps servers apart, decision 031): the recurring invoices' worker and the mail outbox. `wake` runs a pass now
 * (once started: before that, tests drive the task themselves); `isStopping` lets the task end its loop early;
 * `stop` waits for the pass in progress, so a shutdown does not cut a write in half.
 */
export function pollingLoop(pass: () => Promise<unknown>, { logger, name }: { logger?: Logger; name: string }) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let started = false;
  let stopping = false;

  function wake(): void {
    if (!started || stopping || running) return;
    running = pass()
      // A lost database connection (a restart, a failover) is expected now and then: the next pass connects anew.
      .catch((error: unknown) => (isDatabaseAway(error) ? logger?.warn({ err: error }, `${name}: database unavailable, the next pass tries again`) : logger?.error({ err: error }, `${name} failed`)))
      .finally(() => {
        running = null;
      });
  }

  return {
    wake,
    isStopping: () => stopping,
    start(intervalMs: number) {
      started = true;
      stopping = false;
      timer = setInterval(wake, intervalMs);
      wake();
    },
    async stop() {
      stopping = true;
      clearInterval(timer);
      await running;
    },
  };
}
