import { describe, expect, it } from "vitest";
import { assertBackupPath } from "./service";

describe("where a backup may be written", () => {
  it("never where the web server answers, nor inside the data folder every backup copies", () => {
    const folders = { publicDir: "/app/public", dataDir: "/app/data" };
    expect(() => assertBackupPath("/app/public/backups/x.tar", folders)).toThrow("never written under /app/public");
    expect(() => assertBackupPath("/app/data/x.tar", folders)).toThrow("never written under DATA_DIR (/app/data)");
    expect(() => assertBackupPath("/app/backups/x.tar", folders)).not.toThrow();
    expect(() => assertBackupPath("/app/public-backups/x.tar", folders)).not.toThrow();
  });
});
