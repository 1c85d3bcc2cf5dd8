/** Where a user lands after sign-in when nothing (or nothing safe) was asked for. */
export const DEFAULT_LANDING = "/top";

/** Bank staff land in their admin area instead. */
export const ADMIN_LANDING = "/admin";

/**
 * A path on this site to return to after sign-in, or the default. Refuses
 * anything another origin could hide in it: absolute and protocol-relative
 * URLs (also once dot segments are resolved), backslashes that browsers read
 * as slashes, control characters.
 */
export function safeReturnPath(candidate: string | null | undefined): string {
  if (!candidate || !candidate.startsWith("/") || candidate.startsWith("//")) return DEFAULT_LANDING;
  if (candidate.includes("\\") || [...candidate].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return DEFAULT_LANDING;
  try {
    const url = new URL(candidate, "http://chohyo.invalid");
    if (url.origin !== "http://chohyo.invalid") return DEFAULT_LANDING;
    // Dot segments collapse ("/.//x", "/a/..//x", "/%2e//x"): the result must not be "//host" either.
    if (url.pathname.startsWith("//")) return DEFAULT_LANDING;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_LANDING;
  }
}
