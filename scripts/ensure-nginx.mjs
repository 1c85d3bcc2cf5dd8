// Makes sure Debian's nginx and openssl are there for the test that runs the
// product behind a TLS-terminating proxy (tests/server/behind-proxy.test.ts):
// installs them with apt-get when running as root on Debian, else says how and
// stops. The test runs an nginx of its own (its configuration, ports and pid
// file in a temporary folder), never the system's.
import { existsSync, readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";

export const NGINX_PATH = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const OPENSSL_PATH = "/usr/bin/openssl";

function isDebian() {
  return existsSync("/etc/debian_version") || /ID(_LIKE)?=.*debian/.test(readFileSync("/etc/os-release", "utf8"));
}

/** @param {string} command @param {string[]} args */
function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  return result.status === 0;
}

export function ensureNginx() {
  const missing = [...(existsSync(NGINX_PATH) ? [] : ["nginx"]), ...(existsSync(OPENSSL_PATH) ? [] : ["openssl"])];
  if (missing.length === 0) return;
  const what = `${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} missing`;
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  if (!root || !isDebian() || (missing.includes("nginx") && process.env.NGINX_PATH)) {
    console.error(
      `${what}. The test behind a proxy uses Debian's nginx and openssl:\n` +
        `  sudo apt-get update && sudo apt-get install -y ${missing.join(" ")}\n` +
        "or point NGINX_PATH at another nginx.",
    );
    process.exit(1);
  }
  console.log(`${what}: installing Debian's packages…`);
  if (!run("apt-get", ["update"]) || !run("apt-get", ["install", "-y", "--no-install-recommends", ...missing])) {
    console.error(`apt-get could not install ${missing.join(" ")}.`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureNginx();
