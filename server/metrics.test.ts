import { describe, expect, it } from "vitest";
import { routePattern } from "./metrics";

describe("routePattern", () => {
  it.each([
    ["/invoices/list", "/invoices/list"],
    ["/invoices/detail/123", "/invoices/detail/:id"],
    ["/companies/file/0f8e2c4a-1b2c-4d5e-8f90-123456789abc", "/companies/file/:token"],
    ["/build/_shared/chunk-ABC.js", "/build/*"],
    ["/view-pdf/%E6%97%A5%E6%9C%AC", "/view-pdf/:value"],
    ["/a/b/c/d/e/f/g", "/a/b/c/d"],
  ])("labels %s as %s", (path, pattern) => {
    expect(routePattern(path)).toBe(pattern);
  });
});
