import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import type { DatabaseHandle } from "../db/client";
import { startBackupControl } from "./control";
import { backupEmbedded, type BackupSummary } from "./embedded";
import { startBackupSchedule, type BackupSchedule } from "./schedule";

/** Refuses a backup path the web server would answer: a backup holds every company's data (and DATA_DIR's secrets). */
export function assertNotServed(target: string, publicDir: string | undefined): void {
  if (!publicDir) return;
  const inside = path.relative(path.resolve(publicDir), path.resolve(target));
  if (!inside.startsWith("..") && !path.isAbsolute(inside)) {
    throw new Error(`Backups are never written under ${publicDir}, which is served over HTTP: ${target}`);
  }
}

/**
 * The embedded database's backups, taken by the process that has it open (ADR 039): on demand through the
 * loopback control channel, and daily when a schedule is configured. One at a time; closing waits for one
 * in progress, so the database is not closed under it.
 */
export async function startEmbeddedBackups(options: {
  database: DatabaseHandle;
  dataDir: string;
  schedule: BackupSchedule | null;
  migrationsFolder: string;
  publicDir?: string;
  logger: Logger;
}): Promise<{ close: () => Promise<void> }> {
  const { database, dataDir, schedule, migrationsFolder, publicDir, logger } = options;
  if (schedule) {
    assertNotServed(schedule.dir, publicDir);
    await mkdir(schedule.dir, { recursive: true });
  }
  let last: Promise<unknown> = Promise.resolve();
  const take = (to: string): Promise<BackupSummary> => {
    const run = last.then(async () => {
      assertNotServed(to, publicDir);
      const summary = await backupEmbedded(database, to, migrationsFolder);
      logger.info({ file: summary.file, bytes: summary.bytes, heldMs: summary.heldMs }, `backup written; requests waited ${summary.heldMs} ms`);
      return summary;
    });
    last = run.catch(() => undefined);
    return run;
  };
  const control = await startBackupControl(dataDir, take, logger);
  const scheduled = schedule ? startBackupSchedule(schedule, take, logger) : undefined;
  if (schedule) logger.info({ dir: schedule.dir, at: schedule.at, keep: schedule.keep }, "scheduled backups on");
  return {
    close: async () => {
      scheduled?.stop();
      await control.close();
      await last;
    },
  };
}
