import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./return-path";

describe("safeReturnPath", () => {
  it.each([
    ["/invoices/list?page=2", "/invoices/list?page=2"],
    ["/customers/edit/5#bank", "/customers/edit/5#bank"],
    ["/top", "/top"],
    // Percent-encoded line breaks stay encoded: they cannot split a Location header.
    ["/%0d%0aSet-Cookie:x=1", "/%0d%0aSet-Cookie:x=1"],
  ])("keeps the same-origin path %s", (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });

  it.each([
    [null],
    [""],
    ["https://evil.example/top"],
    ["//evil.example/top"],
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["javascript:alert(1)"],
    ["top"],
    ["/\tevil"],
    ["/a\r\nSet-Cookie:x=1"],
    ["/.//evil.example"],
    ["/..//evil.example"],
    ["/%2e//evil.example"],
    ["/%2E%2E//evil.example"],
    ["/a/..//evil.example"],
    ["/a/b/../..//evil.example/top"],
  ])("sends %s to /top instead", (input) => {
    expect(safeReturnPath(input)).toBe("/top");
  });
});
