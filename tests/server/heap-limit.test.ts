import { describe, expect, it } from "vitest";
import { heapLimitFlags } from "../../scripts/heap-limit.mjs";

const GIB = 1024 ** 3;

describe("the server's heap limit", () => {
  it("is half the container's memory, and never under 128 MiB", () => {
    expect(heapLimitFlags({}, () => GIB)).toEqual(["--max-old-space-size=512"]);
    expect(heapLimitFlags({}, () => 2 * GIB)).toEqual(["--max-old-space-size=1024"]);
    expect(heapLimitFlags({}, () => 200 * 1024 ** 2)).toEqual(["--max-old-space-size=128"]);
  });

  it("is 512 MiB where the container sets no limit", () => {
    expect(heapLimitFlags({}, () => null)).toEqual(["--max-old-space-size=512"]);
  });

  it("is HEAP_LIMIT_MB when given, and a deployer's own --max-old-space-size stands", () => {
    expect(heapLimitFlags({ HEAP_LIMIT_MB: "300" }, () => GIB)).toEqual(["--max-old-space-size=300"]);
    expect(heapLimitFlags({ NODE_OPTIONS: "--enable-source-maps --max-old-space-size=900" }, () => GIB)).toEqual([]);
  });

  it("refuses a HEAP_LIMIT_MB it cannot use, naming it", () => {
    expect(() => heapLimitFlags({ HEAP_LIMIT_MB: "64" }, () => GIB)).toThrow(/HEAP_LIMIT_MB/);
    expect(() => heapLimitFlags({ HEAP_LIMIT_MB: "lots" }, () => GIB)).toThrow(/HEAP_LIMIT_MB/);
  });
});
