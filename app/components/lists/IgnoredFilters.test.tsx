import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { IgnoredFilters } from "./IgnoredFilters";

describe("IgnoredFilters", () => {
  it("names what a list left out of its address, in the same words on every list", () => {
    const html = renderToStaticMarkup(<IgnoredFilters names={["金額（以上）", "ページ"]} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain("読み取れない条件を外して表示しています：金額（以上）、ページ");
  });

  it("is nothing when every condition was read", () => {
    expect(renderToStaticMarkup(<IgnoredFilters names={[]} />)).toBe("");
  });
});
