// Makes sure Debian's Chromium is there for the browser tests: installs it with
// apt-get when running as root on Debian, else says how and stops.
import { existsSync, readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { CHROMIUM_PATH } from "./chromium-path.mjs";

function isDebian() {
  return existsSync("/etc/debian_version") || /ID(_LIKE)?=.*debian/.test(readFileSync("/etc/os-release", "utf8"));
}

/** @param {string} command @param {string[]} args */
function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  return result.status === 0;
}

export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  if (!root || !isDebian() || process.env.CHROMIUM_PATH) {
    console.error(
      `Chromium is missing at ${CHROMIUM_PATH}. The browser tests use Debian's Chromium:\n` +
        "  sudo apt-get update && sudo apt-get install -y chromium\n" +
        "or point CHROMIUM_PATH at another Chromium build.",
    );
    process.exit(1);
  }
  console.log("Chromium is missing: installing Debian's chromium package…");
  if (!run("apt-get", ["update"]) || !run("apt-get", ["install", "-y", "--no-install-recommends", "chromium"])) {
    console.error("apt-get could not install chromium.");
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
