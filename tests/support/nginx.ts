import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { NGINX_PATH } from "../../scripts/ensure-nginx.mjs";

/**
 * The nginx configuration README.md shows under "Running behind a proxy",
 * read from there so that what the test runs is what the README says.
 */
export function documentedNginxServer(): string {
  const readme = readFileSync("README.md", "utf8");
  const section = readme.slice(readme.indexOf("## Running behind a proxy"));
  const block = /```nginx\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('README.md has no ```nginx block under "## Running behind a proxy"');
  return block;
}

/** A self-signed certificate for `host`, made now (never committed): the client trusts it as its CA. */
export function selfSignedCertificate(folder: string, host: string): { certificate: string; key: string; pem: string } {
  const certificate = path.join(folder, "proxy.crt");
  const key = path.join(folder, "proxy.key");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj", `/CN=${host}`, "-addext", `subjectAltName=DNS:${host}`, "-keyout", key, "-out", certificate],
    { stdio: "ignore" },
  );
  return { certificate, key, pem: readFileSync(certificate, "utf8") };
}

export type RunningNginx = {
  stop: () => Promise<void>;
  errorLog: () => string;
  /**
   * Replaces the server block and reloads, as `nginx -s reload` does; resolves once the workers
   * that ran before have finished their requests and exited, so that none sends a request by the
   * old configuration any more.
   */
  reload: (server: string) => Promise<void>;
};

/**
 * Runs nginx in the foreground with `server` as its only server block, and
 * its pid, logs and temporary files in `folder`; resolves once it listens on
 * `port`. The folder is opened to nginx's workers, which drop root.
 */
export async function startNginx(folder: string, server: string, port: number): Promise<RunningNginx> {
  if (!existsSync(NGINX_PATH)) throw new Error(`nginx is missing at ${NGINX_PATH}: run \`node scripts/ensure-nginx.mjs\` (npm test does).`);
  chmodSync(folder, 0o755);
  for (const name of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    mkdirSync(path.join(folder, name), { recursive: true });
    chmodSync(path.join(folder, name), 0o777);
  }
  const errorLog = path.join(folder, "error.log");
  const conf = path.join(folder, "nginx.conf");
  const configure = (block: string) =>
    writeFileSync(
      conf,
      `pid ${folder}/nginx.pid;
error_log ${errorLog} warn;
worker_processes 1;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${folder}/client_body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
${block}
}
`,
    );
  configure(server);
  const child: ChildProcess = spawn(NGINX_PATH, ["-e", errorLog, "-c", conf, "-p", folder, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const readErrors = () => stderr + (existsSync(errorLog) ? readFileSync(errorLog, "utf8") : "");

  const deadline = Date.now() + 10_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`nginx did not start:\n${readErrors()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const workers = () =>
    readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8")
      .split(" ")
      .filter(Boolean)
      .map(Number);
  return {
    errorLog: readErrors,
    reload: async (block) => {
      const before = workers();
      configure(block);
      child.kill("SIGHUP");
      const reloadDeadline = Date.now() + 10_000;
      for (;;) {
        const now = workers();
        if (now.length > 0 && !now.some((pid) => before.includes(pid))) return;
        if (child.exitCode !== null || Date.now() > reloadDeadline) throw new Error(`nginx did not reload:\n${readErrors()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
