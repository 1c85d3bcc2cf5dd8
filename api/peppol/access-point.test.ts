import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { XML_LIMITS } from "../../domain/xml-reader";
import { createHttpAccessPoint } from "./access-point";

/** An access point that answers every request with far more than any answer may weigh, sent in chunks. */
let server: Server;
let baseUrl: string;
const SENT_BYTES = XML_LIMITS.maxBytes * 3;

beforeAll(async () => {
  server = createServer((req, res) => {
    res.writeHead(200, { "Content-Type": req.url?.startsWith("/inbound?") ? "application/json" : "application/xml" });
    const chunk = Buffer.alloc(64 * 1024, "x");
    let sent = 0;
    const more = () => {
      while (sent < SENT_BYTES) {
        sent += chunk.byteLength;
        if (!res.write(chunk)) return void res.once("drain", more);
      }
      res.end();
    };
    res.on("error", () => {});
    more();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("the access point's answers are read no further than their limit", () => {
  const accessPoint = () => createHttpAccessPoint({ baseUrl, token: "t", timeoutMs: 10_000 });

  it("reads a document one byte past the XML reader's limit, for the reader to refuse", async () => {
    const bytes = await accessPoint().fetchDocument("1");
    expect(bytes.byteLength).toBe(XML_LIMITS.maxBytes + 1);
  });
});
