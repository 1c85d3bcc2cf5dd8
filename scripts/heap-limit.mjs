// The server's V8 heap limit, suited to the container it runs in (README: "Memory").
// Imported by scripts/start.mjs; the Dockerfile runs it to print the flag before exec'ing node.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const MIB = 1024 * 1024;
/** Half the container's memory: PGlite's WebAssembly memory, buffers and the code live outside the V8 heap. */
const HEAP_SHARE = 0.5;
const MIN_HEAP_MIB = 128;
/** Without a container limit: enough for the server's live heap (under 100 MiB measured) several times over. */
const DEFAULT_HEAP_MIB = 512;
// cgroup v1 reports "no limit" as a number near 2^63.
const NO_LIMIT_BYTES = 2 ** 60;

/** The container's memory limit in bytes (cgroup v2, then v1), or null when there is none. */
function containerMemoryBytes() {
  for (const file of ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"]) {
    let text;
    try {
      text = readFileSync(file, "utf8").trim();
    } catch {
      continue;
    }
    const bytes = Number(text);
    return Number.isFinite(bytes) && bytes > 0 && bytes < NO_LIMIT_BYTES ? bytes : null;
  }
  return null;
}

/**
 * The node flag that sets the heap limit: HEAP_LIMIT_MB when given, else
 * half the container's memory, else DEFAULT_HEAP_MIB. None when NODE_OPTIONS
 * already sets --max-old-space-size: the deployer's choice stands.
 * @param {Record<string, string | undefined>} env
 * @param {() => number | null} memoryBytes
 * @returns {string[]}
 */
export function heapLimitFlags(env = process.env, memoryBytes = containerMemoryBytes) {
  if (/--max-old-space-size/.test(env.NODE_OPTIONS ?? "")) return [];
  const requested = Number(env.HEAP_LIMIT_MB);
  if (env.HEAP_LIMIT_MB && Number.isInteger(requested) && requested >= MIN_HEAP_MIB) return [`--max-old-space-size=${requested}`];
  if (env.HEAP_LIMIT_MB) throw new Error(`HEAP_LIMIT_MB must be a whole number of MiB, at least ${MIN_HEAP_MIB}: "${env.HEAP_LIMIT_MB}"`);
  const limit = memoryBytes();
  const mib = limit === null ? DEFAULT_HEAP_MIB : Math.max(MIN_HEAP_MIB, Math.floor((limit * HEAP_SHARE) / MIB));
  return [`--max-old-space-size=${mib}`];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) console.log(heapLimitFlags().join(" "));
