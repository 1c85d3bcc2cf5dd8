import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
import { createConnection, createServer, type Socket } from "node:net";
import path from "node:path";
import type { Logger } from "pino";
import type { BackupSummary } from "./embedded";

/**
 * How `npm run db:backup` asks the server that has the embedded database open for a backup (ADR 039): a
 * listener on the loopback address only, on a port of its own (never the web server's), answering one JSON
 * line to a caller that shows the secret kept in DATA_DIR, readable by the server's user alone. The server
 * writes the file where it is asked; no backup's bytes cross the channel.
 */
export const CONTROL_FILE = "backup-control.json";

type ControlAddress = { port: number; secret: string; pid: number };
type Request = { secret?: unknown; command?: unknown; to?: unknown };
type Answer = { ok: true; summary: BackupSummary } | { ok: false; message: string };

const MAX_REQUEST_BYTES = 16 * 1024;

const digest = (text: string) => createHash("sha256").update(text).digest();

function readLine(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    socket.setEncoding("utf8");
    const onData = (chunk: string) => {
      text += chunk;
      const end = text.indexOf("\n");
      // One line is all a caller sends: past it, or past the bound, nothing more is read or kept.
      if (end >= 0 || text.length > MAX_REQUEST_BYTES) socket.off("data", onData).pause();
      if (end >= 0) resolve(text.slice(0, end));
      else if (text.length > MAX_REQUEST_BYTES) reject(new Error("request too long"));
    };
    socket.on("data", onData);
    socket.on("error", reject);
    socket.on("end", () => reject(new Error("connection closed before a whole line")));
  });
}

export async function startBackupControl(dataDir: string, backup: (to: string) => Promise<BackupSummary>, logger: Logger): Promise<{ close: () => Promise<void> }> {
  const secret = randomBytes(32).toString("hex");
  const server = createServer((socket) => {
    socket.setTimeout(10_000, () => socket.destroy());
    void (async () => {
      let answer: Answer;
      try {
        const request = JSON.parse(await readLine(socket)) as Request;
        socket.setTimeout(0);
        if (typeof request.secret !== "string" || !timingSafeEqual(digest(request.secret), digest(secret))) throw new Error("wrong secret");
        if (request.command !== "backup" || typeof request.to !== "string" || !path.isAbsolute(request.to)) throw new Error("expected a backup command with an absolute path");
        answer = { ok: true, summary: await backup(request.to) };
      } catch (error) {
        answer = { ok: false, message: error instanceof Error ? error.message : String(error) };
        logger.warn({ err: error }, "backup asked over the control channel failed");
      }
      socket.end(`${JSON.stringify(answer)}\n`);
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const address: ControlAddress = { port: (server.address() as { port: number }).port, secret, pid: process.pid };
  const file = path.join(dataDir, CONTROL_FILE);
  // A file left by an earlier run keeps its mode: made anew, it is the server's user's alone.
  await rm(file, { force: true });
  await writeFile(file, JSON.stringify(address), { mode: 0o600 });
  return {
    close: async () => {
      await rm(file, { force: true });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

type Reached = { address: ControlAddress; socket: Socket } | "none";

/**
 * The channel of the server running on `dataDir`; "none" when no server has the folder open, so the caller
 * may open it itself. Throws when one may have it open but does not answer: two processes on one PGlite
 * folder would damage it.
 */
async function reachServer(dataDir: string): Promise<Reached> {
  let address: ControlAddress;
  try {
    address = JSON.parse(await readFile(path.join(dataDir, CONTROL_FILE), "utf8")) as ControlAddress;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "none";
    throw error;
  }
  const socket = await new Promise<Socket | "refused">((resolve, reject) => {
    const connecting = createConnection({ host: "127.0.0.1", port: address.port });
    connecting.once("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNREFUSED" ? resolve("refused") : reject(error)));
    connecting.once("connect", () => resolve(connecting));
  });
  if (socket !== "refused") return { address, socket };
  if (address.pid !== process.pid && isAlive(address.pid)) {
    throw new Error(`Process ${address.pid} may have ${dataDir} open but its backup channel does not answer: stop it, or ask again once it has started`);
  }
  return "none";
}

/** Whether a server has `dataDir` open (a restore must not write under it). */
export async function serverIsRunning(dataDir: string): Promise<boolean> {
  const reached = await reachServer(dataDir);
  if (reached === "none") return false;
  reached.socket.destroy();
  return true;
}

/** Asks the server running on `dataDir` to write a backup to `to`; null when no server has it open. */
export async function askRunningServer(dataDir: string, to: string): Promise<BackupSummary | null> {
  const reached = await reachServer(dataDir);
  if (reached === "none") return null;
  const { address, socket } = reached;
  socket.write(`${JSON.stringify({ secret: address.secret, command: "backup", to })}\n`);
  const answer = JSON.parse(await readLine(socket)) as Answer;
  socket.destroy();
  if (!answer.ok) throw new Error(`The running server could not take the backup: ${answer.message}`);
  return answer.summary;
}
