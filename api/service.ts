import type { Logger } from "pino";
import { trustIssuers } from "./auth";
import type { ApiConfig } from "./config";
import { openDatabase, type Database, type DatabaseHandle, type MigrationReport } from "./db/client";
import { createPaymentApi } from "./router";
import { createBankService } from "./bank-service";
import { createS3FileStorage } from "./storage/s3-storage";
import { createDatabaseFileStorage } from "./storage/storage";
import { createLinkSigner } from "./mail/links";
import { createMailOutbox, MAIL_DELIVERY_DEFAULTS } from "./mail/outbox";
import { createApprovalMailer } from "./mail/approval-mailer";
import { createRecurringWorker, recurringPollMs } from "./jobs/recurring-worker";
import { createRegistrationLookup } from "./registration-numbers/lookup";
import { createLocalMailbox, createSmtpTransport } from "./mail/transport";
import { createHttpAccessPoint } from "./peppol/access-point";
import { smtpProxyFor } from "../server/outbound-proxy";
import { assertBackupPath, startEmbeddedBackups } from "./backup/service";

export type PaymentApiService = {
  router: ReturnType<typeof createPaymentApi>;
  database: DatabaseHandle;
  /** Stops the mail worker (waiting for a send in progress), then closes the database. */
  close: () => Promise<void>;
};

/** Opens the database, applies pending migrations and builds the API router. */
export async function startPaymentApi(
  config: ApiConfig,
  {
    logger,
    migrationsFolder,
    seed,
    publicDir,
  }: {
    logger: Logger;
    migrationsFolder: string;
    /** Fills a new embedded database with demo data (the sandbox's, given by the host); false when it found data there. */
    seed?: (db: Database) => Promise<boolean>;
    /** The folder the web server serves, where no backup may be written. */
    publicDir?: string;
  },
) {
  // A backup folder the web server would answer fails the start before anything else happens.
  if (config.backup && "dataDir" in config.database) assertBackupPath(config.backup.dir, { publicDir, dataDir: config.database.dataDir });
  const database = await openDatabase(
    "databaseUrl" in config.database
      ? { ...config.database, onConnectionLost: (error) => logger.warn({ err: error }, "database connection lost; the next query reconnects") }
      : config.database,
  );
  let migration: MigrationReport;
  let demoDataCreated = false;
  try {
    // On PostgreSQL this waits while another instance migrates (decision 036); the server listens only once it is done.
    migration = await database.migrate(migrationsFolder);
    // The embedded default starts with the sandbox's demo data, so a fresh `npm start` has something to show.
    // Only PGlite, which one process owns: instances sharing a PostgreSQL database never seed, so never race to.
    if (seed && database.kind === "pglite") demoDataCreated = await seed(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  // What the start did to the database, in one line.
  logger.info(
    { database: database.kind, migrationsApplied: migration.applied, migrationLockWaitMs: migration.lockWaitMs, demoDataCreated },
    `Payment API database ready: ${migration.applied > 0 ? `${migration.applied} migration(s) applied` : "schema already current"}, ${migration.lockWaitMs} ms waiting for the migration lock${demoDataCreated ? ", sandbox demo data created" : ""}`,
  );
  const storage = config.s3 ? createS3FileStorage(database.db, config.s3) : createDatabaseFileStorage(database.db);
  const { smtpUrl, linkSecret, pollMs, ...mailSettings } = config.mail;
  const transport = smtpUrl ? createSmtpTransport(smtpUrl, { proxy: smtpProxyFor(smtpUrl) }) : createLocalMailbox(database.db);
  const signer = createLinkSigner(linkSecret);
  const settings = { ...mailSettings, ...MAIL_DELIVERY_DEFAULTS };
  const accessPoint = createHttpAccessPoint(config.peppol);
  const outbox = createMailOutbox({ db: database.db, storage, transport, signer, settings, logger, accessPoint });
  outbox.start(pollMs);
  // Approval mails to colleagues (decision 049): their own queue, the same transport and polling.
  const approvalMailer = createApprovalMailer({ db: database.db, transport, settings, logger });
  approvalMailer.start(pollMs);
  // The base URL only: the token is a credential.
  logger.info({ transport: smtpUrl ? "smtp" : "local mailbox", peppolAccessPoint: config.peppol.baseUrl }, "mail worker started");
  // 定期請求: every server runs one; the queue in the database keeps each period to one invoice (decision 031).
  const recurring = createRecurringWorker({ db: database.db, storage, outbox, logger });
  recurring.start(recurringPollMs());
  const registrationLookup = createRegistrationLookup(database.db, config.nta);
  // The base URL only: the application id is a credential.
  logger.info({ source: registrationLookup.source, baseUrl: registrationLookup.source === "api" ? config.nta.baseUrl : undefined }, "registration numbers verified");
  const router = createPaymentApi({
    db: database.db,
    storage,
    mail: { outbox, signer, settings },
    issuers: trustIssuers(config.issuers),
    clientId: config.clientId,
    maintenance: config.maintenance,
    registrationLookup,
    bankService: createBankService(config.bankServiceBaseUrl),
    accessPoint,
  });
  // The process that has PGlite open is the only one that can copy it consistently (ADR 039); PostgreSQL is
  // backed up by pg_dump or the DBA's PITR, from outside.
  const backups =
    "dataDir" in config.database
      ? await startEmbeddedBackups({ database, dataDir: config.database.dataDir, schedule: config.backup, migrationsFolder, publicDir, logger })
      : undefined;
  if (config.backup && !backups) logger.warn({ dir: config.backup.dir }, "BACKUP_DIR is for the embedded database; with DATABASE_URL back up PostgreSQL with pg_dump or PITR (README: Backups)");
  const close = async () => {
    await backups?.close();
    await recurring.stop();
    await outbox.stop();
    await approvalMailer.stop();
    transport.close();
    await database.close();
  };
  return { router, database, close } satisfies PaymentApiService;
}
