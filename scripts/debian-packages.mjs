// What ensure-chromium.mjs and ensure-nginx.mjs share: whether Debian's packages can be installed here, and installing them.
import { existsSync, readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";

/** Root on Debian: the only case in which the test scripts install what they need themselves. */
export function canInstallDebianPackages() {
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  const debian = existsSync("/etc/debian_version") || (existsSync("/etc/os-release") && /ID(_LIKE)?=.*debian/.test(readFileSync("/etc/os-release", "utf8")));
  return root && debian;
}

/** @param {string} command @param {string[]} args */
function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  return result.status === 0;
}

/** apt-get update and install, without recommended packages; false when either fails. @param {string[]} packages */
export function aptInstall(packages) {
  return run("apt-get", ["update"]) && run("apt-get", ["install", "-y", "--no-install-recommends", ...packages]);
}
