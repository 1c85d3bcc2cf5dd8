import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createServer } from "node:net";

export type RunningServer = {
  baseUrl: string;
  child: ChildProcess;
  /** Everything the server wrote to stdout (its JSON logs). */
  output: () => string;
  /** Waits for the process to end and returns its exit code. */
  exited: Promise<number | null>;
  stop: () => Promise<void>;
};

/** A loopback port that was free a moment ago: the system's choice, or the first from `from` up. */
export async function freePort(from = 0): Promise<number> {
  for (let port = from; port <= 65535; port += 1) {
    const free = await new Promise<number | null>((resolve, reject) => {
      const probe = createServer();
      probe.once("error", (error: NodeJS.ErrnoException) => (error.code === "EADDRINUSE" ? resolve(null) : reject(error)));
      probe.listen(port, "127.0.0.1", () => {
        const address = probe.address();
        probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
      });
    });
    if (free !== null) return free;
  }
  throw new Error(`no free port from ${from}`);
}

/**
 * Starts the production build (dist/server.js) as `npm start` would, on a free
 * loopback port unless given one; `env` may depend on that port (a PUBLIC_URL naming it).
 */
export async function startBuiltServer(
  env: Record<string, string> | ((port: number) => Record<string, string>) = {},
  { port = 0 }: { port?: number } = {},
): Promise<RunningServer> {
  if (!existsSync("dist/server.js") || !existsSync("build/index.js")) {
    throw new Error("The server is not built: run `npm run build` first (npm test does).");
  }
  port ||= await freePort();
  const given = typeof env === "function" ? env(port) : env;
  // Each server gets its own embedded database, removed when it stops: a copy of the run's migrated one, so the
  // start pays for neither initdb nor the migrations (it still seeds). A test that names DATA_DIR or DATABASE_URL
  // starts on that, as a real first start does.
  const dataDir = mkdtempSync(path.join(tmpdir(), "chohyo-test-data-"));
  // Imported only here: it reads vitest's provided context, and scripts outside vitest start servers too (scripts/screenshots.ts).
  if (given.DATA_DIR === undefined && given.DATABASE_URL === undefined) await (await import("./database")).copyMigratedDataDir(dataDir);
  const child = spawn(process.execPath, ["dist/server.js"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SESSION_SECRET: "test-session-secret",
      COOKIE_SECURE: "false",
      LOG_LEVEL: "info",
      ENABLE_DEV_ROUTES: "true",
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...given,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;

  // A start seeds its database (and on a DATA_DIR or DATABASE_URL of the test's own, migrates it): seconds alone, much longer on two busy cores.
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    baseUrl,
    child,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
