import { describe, expect, it } from "vitest";
import type { BackupManifest } from "./manifest";
import { assertMayReplace } from "./restore-checks";

const manifest = { installation: { id: "11111111-1111-4111-8111-111111111111", createdAt: "2026-01-01T00:00:00.000Z" } } as BackupManifest;

describe("a forced restore over data already there", () => {
  it("replaces the backup's own installation, and another's only when told", () => {
    expect(() => assertMayReplace(manifest.installation.id, manifest, { force: true }, "DATA_DIR ./data")).not.toThrow();
    expect(() => assertMayReplace("22222222-2222-4222-8222-222222222222", manifest, { force: true }, "DATA_DIR ./data")).toThrow(
      "DATA_DIR ./data holds the data of installation 22222222-2222-4222-8222-222222222222; the backup is of installation 11111111-1111-4111-8111-111111111111. Pass --other-installation as well to replace it",
    );
    expect(() => assertMayReplace(null, manifest, { force: true }, "The database chohyo")).toThrow(/no known installation/);
    expect(() => assertMayReplace("22222222-2222-4222-8222-222222222222", manifest, { force: true, otherInstallation: true }, "DATA_DIR ./data")).not.toThrow();
  });
});
