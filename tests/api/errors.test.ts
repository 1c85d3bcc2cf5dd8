import { describe, expect, it } from "vitest";
import express from "express";
import { apiErrorHandler } from "../../api/errors";

async function answerFor(error: unknown) {
  const app = express();
  app.get("/", (_req, _res, next) => next(error));
  app.use(apiErrorHandler);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const { port } = server.address() as { port: number };
    const response = await fetch(`http://127.0.0.1:${port}/`);
    return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.json() };
  } finally {
    server.close();
  }
}

describe("apiErrorHandler", () => {
  it("answers a unique violation, also when wrapped by the ORM, with 409", async () => {
    const driverError = Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505" });
    expect(await answerFor(driverError)).toEqual({ status: 409, retryAfter: null, body: { code: "conflict", message: "すでに登録されています。" } });
    expect((await answerFor(new Error("Failed query", { cause: driverError }))).status).toBe(409);
  });

  it("answers anything else with 500 and no detail", async () => {
    expect(await answerFor(new Error("secret internals"))).toEqual({ status: 500, retryAfter: null, body: { code: "internal_error", message: "予期しないエラーが発生しました。" } });
  });

  // What pg and PostgreSQL say when a connection dies under a request (a restart, a failover), as the ORM wraps it.
  it.each([
    ["the server ending it", Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" })],
    ["a crash elsewhere", Object.assign(new Error("terminating connection because of crash of another server process"), { code: "57P02" })],
    ["a server starting up", Object.assign(new Error("the database system is starting up"), { code: "57P03" })],
    ["a connection failure", Object.assign(new Error("connection failure"), { code: "08006" })],
    ["a reset socket", Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET", errno: -104 })],
    ["a closed socket", new Error("Connection terminated unexpectedly")],
    ["a rollback on a dead connection", new Error("Client has encountered a connection error and is not queryable")],
    ["the pool's wait for a connection", new Error("timeout exceeded when trying to connect")],
  ])("answers %s with 503, its message and Retry-After", async (_case, driverError) => {
    expect(await answerFor(new Error("Failed query: rollback", { cause: driverError }))).toEqual({
      status: 503,
      retryAfter: "5",
      body: { code: "service_unavailable", message: "ただいまサービスに接続できません。しばらくしてから再度お試しください。" },
    });
  });
});
