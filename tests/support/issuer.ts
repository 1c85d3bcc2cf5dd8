import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";

export const TEST_CLIENT_ID = "chohyo-test";

type Key = { kid: string; privateKey: CryptoKey; publicJwk: JWK };

async function makeKey(kid: string): Promise<Key> {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" } };
}

export type TestIssuer = {
  issuer: string;
  jwksUri: string;
  /** Signs an id token for the product's client; `options` make it wrong on purpose. */
  sign: (claims: Record<string, unknown>, options?: SignOptions) => Promise<string>;
  /** Starts signing with a new key that the JWKS also publishes from now on. */
  rotateKey: () => Promise<void>;
  /** How often the JWKS was fetched. */
  jwksRequests: () => number;
  close: () => Promise<void>;
};

/** `expiresIn: null` leaves the expiry out. */
type SignOptions = { audience?: string; expiresIn?: string | number | null; issuer?: string; key?: "foreign" };

/**
 * A test key set registered as an issuer: a real HTTP server that publishes
 * its JWKS, as an identity provider does.
 */
export async function startTestIssuer(): Promise<TestIssuer> {
  const keys: Key[] = [await makeKey("key-1")];
  const foreign = await makeKey("key-1");
  let requests = 0;
  const server: Server = createServer((req, res) => {
    if (req.url !== "/jwks") {
      res.writeHead(404).end();
      return;
    }
    requests += 1;
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ keys: keys.map((key) => key.publicJwk) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    jwksUri: `${issuer}/jwks`,
    sign: async (claims, options = {}) => {
      const key = options.key === "foreign" ? foreign : keys[keys.length - 1]!;
      const jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid: key.kid })
        .setIssuer(options.issuer ?? issuer)
        .setAudience(options.audience ?? TEST_CLIENT_ID)
        .setSubject(String(claims.ba_user_unique_code ?? "anonymous"))
        .setIssuedAt();
      if (options.expiresIn !== null) jwt.setExpirationTime(options.expiresIn ?? "10m");
      return jwt.sign(key.privateKey);
    },
    rotateKey: async () => {
      keys.push(await makeKey(`key-${keys.length + 1}`));
    },
    jwksRequests: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
