// pglite-worker.ts from source (vitest, tsx): Node 20 neither starts a .ts worker nor passes it the
// parent's tsx loader, so tsx is registered in the worker first. dist/ runs the bundled worker instead.
import { register } from "tsx/esm/api";

register();
await import(new URL("./pglite-worker.ts", import.meta.url).href);
