import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import type { BackupSummary } from "./embedded";

export type BackupSchedule = {
  /** Where scheduled backups are written; never under the folder the web server serves. */
  dir: string;
  /** The time of day in Japan (JST, no daylight saving) the backup runs. */
  at: { hour: number; minute: number };
  /** How many scheduled backups are kept; older ones are deleted after each new one. */
  keep: number;
};

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;
const NAME = /^chohyo-backup-\d{8}-\d{4}\.tar$/;

/** The next moment after `now` the clock in Japan shows `at`. */
export function nextRunAt(now: Date, at: BackupSchedule["at"]): Date {
  const jst = new Date(now.getTime() + JST_OFFSET_MS);
  const candidate = Date.UTC(jst.getUTCFullYear(), jst.getUTCMonth(), jst.getUTCDate(), at.hour, at.minute) - JST_OFFSET_MS;
  return new Date(candidate > now.getTime() ? candidate : candidate + 24 * 60 * 60 * 1000);
}

/** The file a scheduled backup taken at `when` is written to: its date and time in Japan, sorting by age. */
export function scheduledName(when: Date): string {
  const stamp = new Date(when.getTime() + JST_OFFSET_MS).toISOString();
  return `chohyo-backup-${stamp.slice(0, 10).replaceAll("-", "")}-${stamp.slice(11, 16).replace(":", "")}.tar`;
}

/** Deletes scheduled backups beyond the newest `keep`; files of other names in the folder are left alone. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const old = (await readdir(dir)).filter((name) => NAME.test(name)).sort().reverse().slice(keep);
  for (const name of old) await rm(path.join(dir, name));
  return old;
}

/**
 * Runs a backup every day at the configured time. A day the server was down at that time has no backup: the
 * next start does not catch up, the next day's time does.
 */
export function startBackupSchedule(schedule: BackupSchedule, backup: (to: string) => Promise<BackupSummary>, logger: Logger, now = () => new Date()): { stop: () => void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const plan = () => {
    // A run in progress when the schedule stops must not plan another on a closed database.
    if (stopped) return;
    const at = nextRunAt(now(), schedule.at);
    timer = setTimeout(() => void run(), at.getTime() - now().getTime()).unref();
  };
  const run = async () => {
    try {
      const summary = await backup(path.join(schedule.dir, scheduledName(now())));
      const removed = await pruneBackups(schedule.dir, schedule.keep);
      logger.info({ file: summary.file, bytes: summary.bytes, heldMs: summary.heldMs, removed }, "scheduled backup written");
    } catch (error) {
      logger.error({ err: error, dir: schedule.dir }, "scheduled backup failed");
    }
    plan();
  };
  plan();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
