/** Debian's Chromium: Playwright's own browser download cannot work on this network. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
