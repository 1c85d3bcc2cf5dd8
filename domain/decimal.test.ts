import { describe, expect, it } from "vitest";
import { canonicalDecimal, parseDecimalInput } from "./decimal";
import { formatDecimal } from "./decimal-display";

describe("parseDecimalInput", () => {
  it.each([
    ["1200", "1200"],
    ["１，２００", "1200"],
    ["¥1,200円", "1200"],
    ["0.1", "0.1"],
    ["12.5000", "12.5"],
    ["－５００", "-500"],
    ["−0.25", "-0.25"],
    ["+3", "3"],
    ["-0", "0"],
    ["9999999999.9999", "9999999999.9999"],
  ])("reads %s as %s", (input, expected) => {
    expect(parseDecimalInput(input)).toBe(expected);
  });

  it.each(["", "abc", "1.23456", "12345678901", "1e3", "1..2", "--1", ".5", "1,2.3.4"])("refuses %j", (input) => {
    expect(parseDecimalInput(input)).toBeNull();
  });
});

describe("canonicalDecimal and formatDecimal", () => {
  it.each([
    ["1200.0000", "1200"],
    ["0.5000", "0.5"],
    ["-15.2500", "-15.25"],
    ["0.0000", "0"],
  ])("numeric %s is %s", (input, expected) => {
    expect(canonicalDecimal(input)).toBe(expected);
  });

  it.each([
    ["1234567.5", "1,234,567.5"],
    ["-1000", "-1,000"],
    ["999", "999"],
  ])("shows %s as %s", (input, expected) => {
    expect(formatDecimal(input)).toBe(expected);
  });
});
