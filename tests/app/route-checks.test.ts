import { describe, expect, it } from "vitest";
import { DEMO_USERS } from "../../sandbox/demo-data";
import {
  requireAdminUser,
  requireCompanyUser,
  requireOwner,
  requireReceiveAccess,
  requireTopPageAccess,
} from "~/services/route-checks.server";
import { sessionOnPageLoad, getSessionStorage } from "~/services/session.server";
import { sessionCookieFor } from "../support/session";
import { sessionUserOf } from "../support/users";

type Outcome = "ok" | "sign-in" | "plan-registration" | "403" | "403 unpublished" | "403 receivePlanRequired";

async function outcomeOf(check: (request: Request) => Promise<unknown>, login: string | null, expiresAt?: number): Promise<Outcome> {
  const headers = new Headers();
  if (login) {
    const cookie = await sessionCookieFor(sessionUserOf(login), { expiresAt });
    headers.set("Cookie", `${cookie.name}=${cookie.value}`);
  }
  try {
    await check(new Request("http://localhost/some/page?x=1", { headers }));
    return "ok";
  } catch (thrown) {
    if (thrown instanceof Response) {
      const location = thrown.headers.get("Location") ?? "";
      if (location.startsWith("/bamidp/login?")) return "sign-in";
      if (location === "/accounts/register") return "plan-registration";
      return `redirect ${location}` as Outcome;
    }
    const { init, data } = thrown as { init?: { status?: number }; data?: { variant?: string } };
    if (init?.status === 403) return data?.variant === "unpublished" || data?.variant === "receivePlanRequired" ? `403 ${data.variant}` : "403";
    throw thrown;
  }
}

/** Every demo user against every route group's check (SPEC §6). */
const MATRIX: Array<[string | null, { company: Outcome; top: Outcome; receive: Outcome; owner: Outcome; admin: Outcome }]> = [
  [null, { company: "sign-in", top: "sign-in", receive: "sign-in", owner: "sign-in", admin: "sign-in" }],
  ["owner@demo.example", { company: "ok", top: "ok", receive: "ok", owner: "ok", admin: "403" }],
  ["user@demo.example", { company: "ok", top: "ok", receive: "ok", owner: "403", admin: "403" }],
  ["staff@demo.example", { company: "ok", top: "ok", receive: "ok", owner: "403", admin: "403" }],
  ["clerk@demo.example", { company: "ok", top: "ok", receive: "ok", owner: "403", admin: "403" }],
  ["newhire@demo.example", { company: "ok", top: "plan-registration", receive: "403 receivePlanRequired", owner: "403", admin: "403" }],
  ["owner@other.example", { company: "ok", top: "ok", receive: "403 receivePlanRequired", owner: "ok", admin: "403" }],
  ["newcomer@demo.example", { company: "ok", top: "plan-registration", receive: "403 receivePlanRequired", owner: "403", admin: "403" }],
  ["newshop@demo.example", { company: "ok", top: "plan-registration", receive: "403 receivePlanRequired", owner: "403", admin: "403" }],
  ["startup@demo.example", { company: "ok", top: "plan-registration", receive: "403 receivePlanRequired", owner: "403", admin: "403" }],
  ["campaign@demo.example", { company: "ok", top: "ok", receive: "403 receivePlanRequired", owner: "ok", admin: "403" }],
  ["leaving@demo.example", { company: "ok", top: "ok", receive: "403 receivePlanRequired", owner: "ok", admin: "403" }],
  ["changed@demo.example", { company: "ok", top: "ok", receive: "ok", owner: "ok", admin: "403" }],
  ["invalid@demo.example", { company: "403", top: "403", receive: "403", owner: "403", admin: "403" }],
  ["owner@shinkin.example", { company: "ok", top: "ok", receive: "403 unpublished", owner: "ok", admin: "403" }],
  ["owner@mirai.example", { company: "ok", top: "ok", receive: "ok", owner: "ok", admin: "403" }],
  ["sysadmin@demo.example", { company: "403", top: "403", receive: "403", owner: "403", admin: "ok" }],
  ["bankadmin@demo.example", { company: "403", top: "403", receive: "403", owner: "403", admin: "ok" }],
  ["branchadmin@demo.example", { company: "403", top: "403", receive: "403", owner: "403", admin: "ok" }],
  ["branchuser@demo.example", { company: "403", top: "403", receive: "403", owner: "403", admin: "ok" }],
  ["operator@demo.example", { company: "403", top: "403", receive: "403", owner: "403", admin: "ok" }],
];

describe("route checks × demo users", () => {
  it("covers every demo user", () => {
    expect(MATRIX.map(([login]) => login).filter(Boolean).sort()).toEqual(DEMO_USERS.map((user) => user.login).sort());
  });

  it.each(MATRIX)("%s", async (login, expected) => {
    expect({
      company: await outcomeOf(requireCompanyUser, login),
      top: await outcomeOf(requireTopPageAccess, login),
      receive: await outcomeOf(requireReceiveAccess, login),
      owner: await outcomeOf(requireOwner, login),
      admin: await outcomeOf(requireAdminUser, login),
    }).toEqual(expected);
  });

  it("sends an expired sign-in back through sign-in at the user's bank, keeping the page", async () => {
    const cookie = await sessionCookieFor(sessionUserOf("owner@mirai.example"), { expiresAt: Math.floor(Date.now() / 1000) - 1 });
    const thrown = await requireCompanyUser(new Request("http://localhost/invoices/list?page=2", { headers: { Cookie: `${cookie.name}=${cookie.value}` } })).catch((error: unknown) => error);
    expect((thrown as Response).headers.get("Location")).toBe("/bamidp/login?redirectTo=%2Finvoices%2Flist%3Fpage%3D2&bank_code=0182");
  });

  it.each([
    ["idle for over 30 minutes", { seenAt: Math.floor(Date.now() / 1000) - 31 * 60 }],
    ["signed in over 12 hours ago, though active", { signedInAt: Math.floor(Date.now() / 1000) - 12 * 3600 - 1 }],
    ["from before sign-in times were kept", { signedInAt: Number.NaN, seenAt: Number.NaN }],
  ])("ends a session %s the way an expired one ends, keeping the page", async (_case, times) => {
    const cookie = await sessionCookieFor(sessionUserOf("owner@mirai.example"), times);
    const thrown = await requireCompanyUser(new Request("http://localhost/invoices/list", { headers: { Cookie: `${cookie.name}=${cookie.value}` } })).catch((error: unknown) => error);
    expect((thrown as Response).headers.get("Location")).toBe("/bamidp/login?redirectTo=%2Finvoices%2Flist&bank_code=0182");
  });

  it("keeps a session active 29 minutes ago and signed in 11 hours ago", async () => {
    const now = Math.floor(Date.now() / 1000);
    const cookie = await sessionCookieFor(sessionUserOf("owner@mirai.example"), { seenAt: now - 29 * 60, signedInAt: now - 11 * 3600 });
    const user = await requireCompanyUser(new Request("http://localhost/invoices/list", { headers: { Cookie: `${cookie.name}=${cookie.value}` } }));
    expect(user.userUniqueCode).toBeTruthy();
  });

  it("restarts the idle clock on a page load, writing the cookie at most once a minute", async () => {
    const now = Math.floor(Date.now() / 1000);
    const request = async (seenAt: number) => {
      const cookie = await sessionCookieFor(sessionUserOf("owner@mirai.example"), { seenAt });
      return new Request("http://localhost/top", { headers: { Cookie: `${cookie.name}=${cookie.value}` } });
    };
    expect((await sessionOnPageLoad(await request(now - 10))).setCookie).toBeNull();
    const { setCookie } = await sessionOnPageLoad(await request(now - 25 * 60));
    const refreshed = await getSessionStorage().getSession(setCookie);
    expect(refreshed.get("seenAt")).toBeGreaterThanOrEqual(now);
  });

  it("counts the receive plan when only the previous plan included it", async () => {
    const cookie = await sessionCookieFor(sessionUserOf("owner@other.example", { planId: 1, previousPlanId: 3 }));
    const user = await requireReceiveAccess(new Request("http://localhost/receive/invoices", { headers: { Cookie: `${cookie.name}=${cookie.value}` } }));
    expect(user.userUniqueCode).toBe("U-OTHER-OWNER");
  });
});
