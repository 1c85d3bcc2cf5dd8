import { afterEach, describe, expect, it } from "vitest";
import { describeError } from "~/components/errors/error-model";
import { loader } from "~/routes/_empty.view-pdf/route";
import { startTestApi, type TestApi } from "../support/api";
import { testContext } from "../support/context";

let api: TestApi | undefined;

// getConfig reads PAYMENT_API_BASE_URL once per process, so this file has one test API.
afterEach(async () => {
  await api?.close();
  api = undefined;
  delete process.env.PAYMENT_API_BASE_URL;
});

const context = testContext();

describe("the recipient's /view-pdf page", () => {
  it("shows the maintenance screen with its window while the Payment API is in maintenance", async () => {
    const window = { start: "2026-11-22T01:00:00+09:00", end: "2026-11-22T05:00:00+09:00" };
    api = await startTestApi({ maintenance: window, now: () => new Date("2026-11-22T02:00:00+09:00") });
    process.env.PAYMENT_API_BASE_URL = api.url.replace(/\/api\/v1$/, "");
    const token = api.mail.signer.sign(1, new Date(Date.now() + 60_000));
    const thrown = await loader({ request: new Request(`http://localhost/view-pdf?token=${token}`), params: {}, context }).catch((error: unknown) => error);
    const { data, init } = thrown as { data: unknown; init: { status: number } };
    expect(describeError({ status: init.status, statusText: "", internal: false, data })).toEqual({ kind: "maintenance", status: 503, ...window });
  });
});
