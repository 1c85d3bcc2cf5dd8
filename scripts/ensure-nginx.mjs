// Makes sure Debian's nginx and openssl are there for the test that runs the
// product behind a TLS-terminating proxy (tests/server/behind-proxy.test.ts):
// installs them with apt-get when running as root on Debian, else says how and
// stops. The test runs an nginx of its own (its configuration, ports and pid
// file in a temporary folder), never the system's.
import { existsSync } from "node:fs";
import { aptInstall, canInstallDebianPackages } from "./debian-packages.mjs";

export const NGINX_PATH = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const OPENSSL_PATH = "/usr/bin/openssl";

export function ensureNginx() {
  const missing = [...(existsSync(NGINX_PATH) ? [] : ["nginx"]), ...(existsSync(OPENSSL_PATH) ? [] : ["openssl"])];
  if (missing.length === 0) return;
  const what = `${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} missing`;
  if (!canInstallDebianPackages() || (missing.includes("nginx") && process.env.NGINX_PATH)) {
    console.error(
      `${what}. The test behind a proxy uses Debian's nginx and openssl:\n` +
        `  sudo apt-get update && sudo apt-get install -y ${missing.join(" ")}\n` +
        "or point NGINX_PATH at another nginx.",
    );
    process.exit(1);
  }
  console.log(`${what}: installing Debian's packages…`);
  if (!aptInstall(missing)) {
    console.error(`apt-get could not install ${missing.join(" ")}.`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureNginx();
