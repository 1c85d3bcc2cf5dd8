import { describe, expect, it } from "vitest";
import { describeError, errorTitleKey } from "./error-model";

/** The shape Remix hands an error boundary for a thrown `data(payload, { status })`. */
const thrown = (status: number, data: unknown) => ({ status, statusText: "", internal: false, data });

describe("describeError", () => {
  it("shows maintenance with its window for 503 with one", () => {
    const screen = describeError(thrown(503, { maintenance: { start: "2026-11-22T01:00:00+09:00", end: "2026-11-22T05:00:00+09:00" } }));
    expect(screen).toEqual({ kind: "maintenance", status: 503, start: "2026-11-22T01:00:00+09:00", end: "2026-11-22T05:00:00+09:00" });
    expect(errorTitleKey(screen)).toBe("maintenance");
  });

  it("treats a 503 without a window as a moment's unavailability, not maintenance", () => {
    expect(describeError(thrown(503, null))).toEqual({ kind: "unavailable", status: 503 });
  });

  it("shows a refused request's own message for a 4xx that carries one", () => {
    expect(describeError(thrown(413, { message: "入力項目が多すぎます。" }))).toEqual({ kind: "refused", status: 413, detail: "入力項目が多すぎます。" });
    expect(describeError(thrown(400, null))).toEqual({ kind: "unexpected", status: 400 });
  });

  it.each(["generic", "subscriptionCanceled", "planChanged", "unpublished"] as const)("keeps the 403 variant %s", (variant) => {
    expect(describeError(thrown(403, { variant }))).toEqual({ kind: "forbidden", status: 403, variant });
  });

  it("falls back to the generic 403 for an unknown variant", () => {
    expect(describeError(thrown(403, { variant: "nope" }))).toEqual({ kind: "forbidden", status: 403, variant: "generic" });
  });

  it("keeps the not-found detail and maps 401", () => {
    expect(describeError(thrown(404, { message: "Page not found: /x" }))).toEqual({ kind: "notFound", status: 404, detail: "Page not found: /x" });
    expect(describeError(thrown(401, {}))).toEqual({ kind: "unauthorized", status: 401 });
  });

  it("never exposes a thrown Error: it is an unexpected 500", () => {
    expect(describeError(new Error("secret stack"))).toEqual({ kind: "unexpected", status: 500 });
    expect(errorTitleKey(describeError("boom"))).toBe("error");
  });
});
