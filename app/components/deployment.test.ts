import { describe, expect, it } from "vitest";
import { isChunkLoadFailure, mayReloadFor } from "./deployment";

describe("reloading after a page chunk failed to load", () => {
  it("reloads a path at most once in 10 seconds", () => {
    expect(mayReloadFor(null, 100_000)).toBe(true);
    expect(mayReloadFor(95_000, 100_000)).toBe(false);
    expect(mayReloadFor(90_000, 100_000)).toBe(true);
    expect(mayReloadFor(Number.NaN, 100_000)).toBe(true);
  });

  it.each([
    ["Failed to fetch dynamically imported module: http://x/build/routes/a-123.js", true],
    ["Importing a module script failed.", true],
    ["error loading dynamically imported module", true],
    ["Cannot read properties of undefined", false],
  ])("knows %s for a chunk failure: %s", (message, expected) => {
    expect(isChunkLoadFailure(message)).toBe(expected);
  });
});
