import { describe, expect, it } from "vitest";
import { add, compare, divideRounded, isNegative, mul, roundTo, roundingModeOf, sub, sum, type RoundingMode } from "./exact";

describe("add, sub, mul and sum", () => {
  it.each([
    ["0.1", "0.2", "0.3"],
    ["-1200.5", "1200.5", "0"],
    ["9999999999.9999", "0.0001", "10000000000"],
    ["1.50", "2", "3.5"],
  ])("%s + %s = %s", (a, b, expected) => {
    expect(add(a, b)).toBe(expected);
  });

  it.each([
    ["0.3", "0.1", "0.2"],
    ["1", "1.0001", "-0.0001"],
    ["-5", "-5", "0"],
  ])("%s - %s = %s", (a, b, expected) => {
    expect(sub(a, b)).toBe(expected);
  });

  it.each([
    // 4-decimal quantity × 4-decimal price: all eight decimals kept (12345 × 67890123 = 838103568435).
    ["1.2345", "6789.0123", "8381.03568435"],
    ["-0.0001", "0.0001", "-0.00000001"],
    ["2.5", "4", "10"],
    ["-3", "0", "0"],
    ["9999999999.9999", "9999999999.9999", "99999999999998000000.00000001"],
  ])("%s × %s = %s", (a, b, expected) => {
    expect(mul(a, b)).toBe(expected);
  });

  it.each([
    [["0.1", "0.2", "0.3"], "0.6"],
    [["100", "-250.25", "0.25"], "-150"],
    [[], "0"],
  ])("sum of %j = %s", (values, expected) => {
    expect(sum(values)).toBe(expected);
  });

  it.each(["", "abc", "1e3", ".5", "1.", "--1", "1,000"])("refuses %j", (text) => {
    expect(() => add(text, "0")).toThrow(RangeError);
  });
});

describe("compare and isNegative", () => {
  it.each([
    ["0.3", "0.30", 0],
    ["-2", "1", -1],
    ["10", "9.9999", 1],
    ["-0.0001", "0", -1],
  ])("compare(%s, %s) = %i", (a, b, expected) => {
    expect(compare(a, b)).toBe(expected);
  });

  it.each([
    ["-0.0001", true],
    ["0", false],
    ["-0", false],
    ["12", false],
  ])("isNegative(%s) = %s", (value, expected) => {
    expect(isNegative(value)).toBe(expected);
  });
});

describe("roundTo", () => {
  it.each<[string, number, RoundingMode, string]>([
    ["1.4", 0, "floor", "1"],
    ["1.4", 0, "truncate", "1"],
    ["1.4", 0, "ceiling", "2"],
    ["1.4", 0, "round", "1"],
    ["1.5", 0, "floor", "1"],
    ["1.5", 0, "truncate", "1"],
    ["1.5", 0, "ceiling", "2"],
    ["1.5", 0, "round", "2"],
    // Floor and truncate part ways below zero.
    ["-1.5", 0, "floor", "-2"],
    ["-1.5", 0, "truncate", "-1"],
    ["-1.5", 0, "ceiling", "-1"],
    ["-1.5", 0, "round", "-2"],
    ["-1.4", 0, "floor", "-2"],
    ["-1.4", 0, "truncate", "-1"],
    ["-1.4", 0, "ceiling", "-1"],
    ["-1.4", 0, "round", "-1"],
    // 四捨五入 rounds ties away from zero, not to even.
    ["2.5", 0, "round", "3"],
    ["-2.5", 0, "round", "-3"],
    ["0.5", 0, "round", "1"],
    ["-0.5", 0, "round", "-1"],
    ["-0.5", 0, "truncate", "0"],
    ["-0.4", 0, "ceiling", "0"],
    ["1.235", 2, "round", "1.24"],
    ["-1.235", 2, "round", "-1.24"],
    ["-1.235", 2, "floor", "-1.24"],
    ["-1.235", 2, "truncate", "-1.23"],
    ["1.23456789", 2, "floor", "1.23"],
    ["1.23456789", 2, "ceiling", "1.24"],
    ["1.0500", 1, "round", "1.1"],
    ["12.5", 4, "floor", "12.5"],
    ["100", 0, "ceiling", "100"],
    ["1.9999", 0, "truncate", "1"],
  ])("%s to %i decimals with %s is %s", (value, scale, mode, expected) => {
    expect(roundTo(value, scale, mode)).toBe(expected);
  });

  it.each([-1, 1.5])("refuses scale %d", (scale) => {
    expect(() => roundTo("1", scale, "round")).toThrow(RangeError);
  });
});

describe("divideRounded", () => {
  it.each<[string, string, number, RoundingMode, string]>([
    // 内税 10 %: 1000 × 10 / 110 = 90.90…
    ["10000", "110", 0, "floor", "90"],
    ["10000", "110", 0, "ceiling", "91"],
    ["10000", "110", 0, "round", "91"],
    ["1", "3", 4, "round", "0.3333"],
    ["2", "3", 4, "round", "0.6667"],
    ["-2", "3", 4, "truncate", "-0.6666"],
    ["-2", "3", 4, "floor", "-0.6667"],
    ["10", "4", 0, "round", "3"],
    ["-10", "4", 0, "round", "-3"],
    ["1", "0.3", 2, "floor", "3.33"],
    ["0.5", "0.25", 0, "ceiling", "2"],
    // A negative denominator rounds like a negative numerator: −0.125.
    ["1", "-8", 2, "floor", "-0.13"],
    ["1", "-8", 2, "ceiling", "-0.12"],
    ["1", "-8", 2, "round", "-0.13"],
    ["-1", "-8", 2, "truncate", "0.12"],
  ])("%s / %s to %i decimals with %s is %s", (numerator, denominator, scale, mode, expected) => {
    expect(divideRounded(numerator, denominator, scale, mode)).toBe(expected);
  });

  it("refuses to divide by zero", () => {
    expect(() => divideRounded("1", "0.00", 0, "round")).toThrow(RangeError);
  });
});

describe("roundingModeOf", () => {
  it.each<[number, RoundingMode]>([
    [1, "floor"],
    [2, "truncate"],
    [3, "ceiling"],
    [4, "round"],
  ])("id %i is %s", (id, mode) => {
    expect(roundingModeOf(id)).toBe(mode);
  });

  it("refuses an unknown id", () => {
    expect(() => roundingModeOf(5)).toThrow(RangeError);
  });
});
