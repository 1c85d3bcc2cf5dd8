import type { Logger } from "pino";
import { trustIssuers } from "./auth";
import type { ApiConfig } from "./config";
import { openDatabase, type DatabaseHandle } from "./db/client";
import { seedDemoData } from "./db/seed";
import { createPaymentApi } from "./router";
import { createS3FileStorage } from "./storage/s3-storage";
import { createDatabaseFileStorage } from "./storage/storage";

export type PaymentApiService = {
  router: ReturnType<typeof createPaymentApi>;
  database: DatabaseHandle;
};

/** Opens the database, applies pending migrations and builds the API router. */
export async function startPaymentApi(
  config: ApiConfig,
  { logger, migrationsFolder, seedAssetsDir }: { logger: Logger; migrationsFolder: string; seedAssetsDir?: string },
) {
  const database = await openDatabase(config.database);
  await database.migrate(migrationsFolder);
  // The embedded default starts with the sandbox's demo data, so a fresh `npm start` has something to show.
  if (seedAssetsDir && database.kind === "pglite" && (await seedDemoData(database.db, seedAssetsDir))) {
    logger.info("sandbox demo data created");
  }
  logger.info({ database: database.kind }, "Payment API database ready");
  const router = createPaymentApi({
    db: database.db,
    storage: config.s3 ? createS3FileStorage(database.db, config.s3) : createDatabaseFileStorage(database.db),
    issuers: trustIssuers(config.issuers),
    clientId: config.clientId,
    maintenance: config.maintenance,
  });
  return { router, database } satisfies PaymentApiService;
}
