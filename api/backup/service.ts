import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import type { DatabaseHandle } from "../db/client";
import { startBackupControl } from "./control";
import { backupEmbedded, type BackupSummary } from "./embedded";
import { startBackupSchedule, type BackupSchedule } from "./schedule";

const isInside = (target: string, folder: string) => {
  const inside = path.relative(path.resolve(folder), path.resolve(target));
  // "..backups" is a name inside the folder; only ".." itself or "../…" leaves it.
  return inside !== ".." && !inside.startsWith(`..${path.sep}`) && !path.isAbsolute(inside);
};

/**
 * Refuses a backup path the web server would answer (a backup holds every company's data and DATA_DIR's
 * secrets), or one inside DATA_DIR, which the next backup would copy whole, earlier backups included.
 */
export function assertBackupPath(target: string, { publicDir, dataDir }: { publicDir?: string; dataDir?: string }): void {
  if (publicDir && isInside(target, publicDir)) throw new Error(`Backups are never written under ${publicDir}, which is served over HTTP: ${target}`);
  if (dataDir && isInside(target, dataDir)) throw new Error(`Backups are never written under DATA_DIR (${dataDir}), which every backup copies whole: ${target}`);
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
  // startPaymentApi checked the folder before opening the database.
  if (schedule) await mkdir(schedule.dir, { recursive: true });
  let last: Promise<unknown> = Promise.resolve();
  const take = (to: string): Promise<BackupSummary> => {
    const run = last.then(async () => {
      assertBackupPath(to, { publicDir, dataDir });
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
