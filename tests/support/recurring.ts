import { createRecurringWorker } from "../../api/jobs/recurring-worker";
import { createDatabaseFileStorage } from "../../api/storage/storage";
import type { TestApi } from "./api";

/** A recurring-invoice worker on the test API's database whose clock reads JST 10:00 of the day: tests tick it instead of its timer. */
export function recurringWorkerOn(api: TestApi, day: string) {
  return createRecurringWorker({
    db: api.database.db,
    storage: createDatabaseFileStorage(api.database.db),
    outbox: api.mail.outbox,
    now: () => new Date(`${day}T10:00:00+09:00`),
  });
}
