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
    return { status: response.status, body: await response.json() };
  } finally {
    server.close();
  }
}

describe("apiErrorHandler", () => {
  it("answers a unique violation, also when wrapped by the ORM, with 409", async () => {
    const driverError = Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505" });
    expect(await answerFor(driverError)).toEqual({ status: 409, body: { code: "conflict", message: "すでに登録されています。" } });
    expect((await answerFor(new Error("Failed query", { cause: driverError }))).status).toBe(409);
  });

  it("answers anything else with 500 and no detail", async () => {
    expect(await answerFor(new Error("secret internals"))).toEqual({ status: 500, body: { code: "internal_error", message: "予期しないエラーが発生しました。" } });
  });
});
