// Bundles server.ts and what it imports from app/, server/ and domain/ into dist/server.js.
// Packages stay external: they come from node_modules at run time.
import { build } from "esbuild";

await build({
  entryPoints: ["server.ts"],
  outfile: "dist/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
