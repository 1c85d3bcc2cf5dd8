import { describe, expect, it } from "vitest";
import { mailAddressee } from "./mail";

describe("mailAddressee", () => {
  it.each([
    [{ name: "株式会社青空商事", honorific: "御中" }, "株式会社青空商事 御中"],
    [{ name: "株式会社青空商事", honorific: "御中", department: "経理部" }, "株式会社青空商事 経理部 御中"],
    // A person in charge takes 様 in place of 御中: never both.
    [{ name: "株式会社青空商事", honorific: "御中", department: "経理部", personInCharge: "田中" }, "株式会社青空商事 経理部 田中様"],
    [{ name: "株式会社青空商事", honorific: "御中", personInCharge: "田中" }, "株式会社青空商事 田中様"],
    [{ name: "山田太郎", honorific: "様" }, "山田太郎 様"],
    [{ name: "山田太郎", honorific: "様", department: "", personInCharge: null }, "山田太郎 様"],
  ])("%o → %s", (recipient, expected) => {
    expect(mailAddressee(recipient)).toBe(expected);
  });
});
