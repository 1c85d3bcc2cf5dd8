import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { nextRunAt, pruneBackups, scheduledName } from "./schedule";

describe("the backup schedule", () => {
  it("runs next at the time of day in Japan, today if it is still to come, else tomorrow", () => {
    const at = { hour: 3, minute: 0 };
    // 02:30 JST on 1 December is 17:30 UTC on 30 November.
    expect(nextRunAt(new Date("2026-11-30T17:30:00Z"), at).toISOString()).toBe("2026-11-30T18:00:00.000Z");
    expect(nextRunAt(new Date("2026-11-30T18:00:00Z"), at).toISOString()).toBe("2026-12-01T18:00:00.000Z");
    expect(nextRunAt(new Date("2026-12-31T20:00:00Z"), { hour: 23, minute: 45 }).toISOString()).toBe("2027-01-01T14:45:00.000Z");
  });

  it("names a backup by its date and time in Japan, and keeps the newest", async () => {
    expect(scheduledName(new Date("2026-11-30T18:00:00Z"))).toBe("chohyo-backup-20261201-0300.tar");
    const dir = mkdtempSync(path.join(tmpdir(), "chohyo-prune-"));
    try {
      for (const day of ["01", "02", "03", "04"]) writeFileSync(path.join(dir, `chohyo-backup-202612${day}-0300.tar`), "");
      writeFileSync(path.join(dir, "before-upgrade.tar"), "");
      expect(await pruneBackups(dir, 2)).toEqual(["chohyo-backup-20261202-0300.tar", "chohyo-backup-20261201-0300.tar"]);
      // Files of other names, an operator's own, are left alone.
      expect(readdirSync(dir).sort()).toEqual(["before-upgrade.tar", "chohyo-backup-20261203-0300.tar", "chohyo-backup-20261204-0300.tar"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
