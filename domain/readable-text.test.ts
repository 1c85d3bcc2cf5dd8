import { describe, expect, it } from "vitest";
import { isReadableText } from "./readable-text";

describe("isReadableText", () => {
  it.each([["株式会社青空商事"], ["1行目\r\n2行目\tタブ"], ["絵文字😀も"], [""]])("accepts %j", (text) => {
    expect(isReadableText(text)).toBe(true);
  });

  it.each([["a\u0000b"], ["\u0007"], ["\u001b[31m"], ["\u007f"], ["\ud800"], ["x\udc00"], ["\ude00😀"]])("refuses %j", (text) => {
    expect(isReadableText(text)).toBe(false);
  });
});
