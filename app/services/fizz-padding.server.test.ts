import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { withoutFizzPadding } from "./fizz-padding.server";

async function through(chunks: Buffer[]): Promise<string> {
  const stream = withoutFizzPadding();
  const result = text(stream);
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  return result;
}

describe("withoutFizzPadding", () => {
  it("drops the zero bytes React leaves at the end of a write when a character did not fit", async () => {
    // 「編」 written whole, one byte left unused, 「集」 in the next write: as seen in a real page.
    expect(await through([Buffer.from("e7b7a800", "hex"), Buffer.from("e99b86", "hex")])).toBe("編集");
    expect(await through([Buffer.concat([Buffer.from("あ"), Buffer.alloc(3)]), Buffer.from("😀")])).toBe("あ😀");
  });

  it("keeps everything else as it is", async () => {
    expect(await through([Buffer.from("<p>請求書</p>"), Buffer.from("ok")])).toBe("<p>請求書</p>ok");
  });
});
