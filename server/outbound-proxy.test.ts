import { createServer as createHttpServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { getGlobalDispatcher, setGlobalDispatcher } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bypassesProxy, installOutboundProxy, smtpProxyFor } from "./outbound-proxy";

const port = (server: Server) => (server.address() as AddressInfo).port;
const listening = (server: Server) => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));

let service: Server;
let proxy: Server;
const tunnelled: string[] = [];
const original = getGlobalDispatcher();

beforeAll(async () => {
  // The outside service: answers with the host it was asked for.
  service = createHttpServer((req, res) => res.end(`served ${req.headers.host}${req.url}`));
  // The data centre's proxy: records each CONNECT and tunnels every name to the service (it resolves names, we do not).
  proxy = createHttpServer();
  proxy.on("connect", (req, client, head) => {
    tunnelled.push(req.url!);
    const upstream = connect(port(service), "127.0.0.1", () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
  });
  await Promise.all([listening(service), listening(proxy)]);
});

afterAll(async () => {
  setGlobalDispatcher(original);
  await Promise.all([service, proxy].map((server) => new Promise((resolve) => server.close(resolve))));
});

describe("the outbound proxy", () => {
  it("carries fetches to outside hosts through HTTP_PROXY, and leaves loopback and NO_PROXY hosts direct", async () => {
    const settings = installOutboundProxy({ HTTP_PROXY: `http://127.0.0.1:${port(proxy)}`, NO_PROXY: "direct.example" });
    expect(settings?.noProxy).toBe("direct.example,localhost,127.0.0.1,::1");

    const viaProxy = await fetch("http://idp.bank.example:8443/.well-known/openid-configuration");
    expect(await viaProxy.text()).toBe("served idp.bank.example:8443/.well-known/openid-configuration");
    expect(tunnelled).toEqual(["idp.bank.example:8443"]);

    // The process's own loopback (the embedded Payment API) never goes out.
    expect(await (await fetch(`http://127.0.0.1:${port(service)}/payment-api`)).text()).toBe(`served 127.0.0.1:${port(service)}/payment-api`);
    expect(tunnelled).toEqual(["idp.bank.example:8443"]);
  });

  it("is not installed without a proxy variable", () => {
    expect(installOutboundProxy({})).toBeNull();
  });

  it("tunnels SMTP through the proxy unless NO_PROXY names the mail server", () => {
    const env = { HTTPS_PROXY: "http://proxy.bank.example:3128", NO_PROXY: ".internal.example" };
    expect(smtpProxyFor("smtp://mail.bank.example:587", env)).toBe("http://proxy.bank.example:3128");
    expect(smtpProxyFor("smtp://relay.internal.example:25", env)).toBeUndefined();
    expect(smtpProxyFor("smtp://mail.bank.example:587", {})).toBeUndefined();
  });

  it.each([
    ["api.bank.example", "bank.example", true],
    ["api.bank.example", ".bank.example", true],
    ["bank.example", "bank.example:443", true],
    ["evilbank.example", "bank.example", false],
    ["anything", "*", true],
  ])("NO_PROXY: %s against %s is direct: %s", (host, noProxy, direct) => {
    expect(bypassesProxy(host, noProxy)).toBe(direct);
  });
});
