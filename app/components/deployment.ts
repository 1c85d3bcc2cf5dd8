/** SPEC §4: how often the page asks whether a new build is deployed, and the least time between reloads of one path. */
export const VERSION_POLL_MS = 60 * 60 * 1000;
export const CHUNK_RELOAD_GUARD_MS = 10 * 1000;

/** Where the running build's version is published (never cached). */
export const BUILD_VERSION_PATH = "/build-version.json";

/**
 * Whether a failed page-chunk load may reload `path` now: not if it did so in
 * the last 10 seconds (a chunk that stays missing must not reload for ever).
 */
export function mayReloadFor(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || Number.isNaN(lastReloadAt) || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS;
}

/** Errors browsers give for a script chunk that could not be fetched (deleted by a new deployment, say). */
export function isChunkLoadFailure(message: string): boolean {
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError/i.test(message);
}
