import { describe, expect, it } from "vitest";
import { useTenantTestApi } from "../support/api";

const api = useTenantTestApi();

describe("POST /sessions/revoke (sign-out)", () => {
  it("refuses the signed-out token from then on, and only that one", async () => {
    const token = await api.tokenFor("owner");
    expect((await api.call("/customers", { token })).status).toBe(200);
    expect((await api.call("/sessions/revoke", { method: "POST", token })).status).toBe(204);

    const refused = await api.call("/customers", { token });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ code: "unauthorized", message: "ログアウト済みです。もう一度ログインしてください。" });
    // A new sign-in has a new token.
    expect((await api.call("/customers", { token: await api.tokenFor("owner", { jti: "second-sign-in" }) })).status).toBe(200);
    // Signing out twice is no error for the caller, whose token is already refused.
    expect((await api.call("/sessions/revoke", { method: "POST", token })).status).toBe(401);
  });

  it("needs a token", async () => {
    expect((await api.call("/sessions/revoke", { method: "POST", as: null })).status).toBe(401);
  });
});
