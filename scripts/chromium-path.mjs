/** Debian's Chromium: Playwright's own browser download cannot work on this network. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Chromium's features switched off. Each browser context is a window, and Chromium preloads the address bar's popup
 * (two WebUI pages) in a renderer of its own for every window: a quarter of the renderers' CPU time on a 10-test sample.
 * Chromium keeps only the last `--disable-features`, so this one repeats what Playwright switches off (its
 * `chromiumSwitches`, for the Playwright version in package-lock.json) before adding ours.
 */
const DISABLED_FEATURES = [
  ...["AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades", "HttpsFirstBalancedModeAutoEnable", "LensOverlay"],
  ...["MediaRouter", "PaintHolding", "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect", "OptimizationHints"],
  ...["NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch"],
  ...["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"],
];

/** How Playwright launches it: the end-to-end tests and the README's screenshots (scripts/screenshots.ts). */
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: CHROMIUM_PATH,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage", `--disable-features=${DISABLED_FEATURES.join(",")}`],
};
