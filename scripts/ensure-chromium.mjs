// Makes sure Debian's Chromium is there for the browser tests: installs it with
// apt-get when running as root on Debian, else says how and stops.
import { existsSync } from "node:fs";
import { aptInstall, canInstallDebianPackages } from "./debian-packages.mjs";
import { CHROMIUM_PATH } from "./chromium-path.mjs";

export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  if (!canInstallDebianPackages() || process.env.CHROMIUM_PATH) {
    console.error(
      `Chromium is missing at ${CHROMIUM_PATH}. The browser tests use Debian's Chromium:\n` +
        "  sudo apt-get update && sudo apt-get install -y chromium\n" +
        "or point CHROMIUM_PATH at another Chromium build.",
    );
    process.exit(1);
  }
  console.log("Chromium is missing: installing Debian's chromium package…");
  if (!aptInstall(["chromium"])) {
    console.error("apt-get could not install chromium.");
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
