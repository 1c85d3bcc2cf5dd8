import { describe, expect, it } from "vitest";
import { effectiveDateOf, paragraphsOf } from "./terms";

describe("paragraphsOf", () => {
  it.each([
    ["第1条 目的\n第2条 利用者", ["第1条 目的", "第2条 利用者"]],
    ["第1条\r\n\r\n  第2条  \n\n\n", ["第1条", "第2条"]],
    ["<b>太字</b>にしない", ["<b>太字</b>にしない"]],
    ["", []],
  ])("splits %j into its paragraphs", (body, expected) => {
    expect(paragraphsOf(body)).toEqual(expected);
  });
});

describe("effectiveDateOf", () => {
  it("is the publishing day in Japan, whatever the server's zone", () => {
    expect(effectiveDateOf(new Date("2026-03-31T15:00:00Z"))).toBe("2026-04-01");
    expect(effectiveDateOf(new Date("2026-03-31T14:59:59Z"))).toBe("2026-03-31");
  });
});
