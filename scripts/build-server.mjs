// Bundles the server entries, the PDF reader's worker (and the NTA import and backup commands, which run in the container too) with what they import from app/, server/, api/ and domain/ into dist/.
// Packages stay external: they come from node_modules at run time.
import { build } from "esbuild";

await build({
  // The workers are started by file from the server bundle (api/received-documents/pdf-text.ts, api/db/pglite-thread.ts), so they sit beside it.
  entryPoints: {
    server: "server.ts",
    "api-server": "api/server.ts",
    "nta-import": "scripts/nta-import.ts",
    "db-backup": "scripts/db-backup.ts",
    "db-restore": "scripts/db-restore.ts",
    "pdf-worker": "api/received-documents/pdf-worker.ts",
    "pglite-worker": "api/db/pglite-worker.ts",
  },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
