import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { fizzBody } from "./fizz-body.server";

async function through(chunks: Buffer[]): Promise<string> {
  const stream = fizzBody();
  const result = text(stream);
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  return result;
}

describe("fizzBody", () => {
  it("drops the zero bytes React leaves at the end of a write when a character did not fit", async () => {
    // 「編」 written whole, one byte left unused, 「集」 in the next write: as seen in a real page.
    expect(await through([Buffer.from("e7b7a800", "hex"), Buffer.from("e99b86", "hex")])).toBe("編集");
    expect(await through([Buffer.concat([Buffer.from("あ"), Buffer.alloc(3)]), Buffer.from("😀")])).toBe("あ😀");
  });

  it("keeps everything else as it is", async () => {
    expect(await through([Buffer.from("<p>請求書</p>"), Buffer.from("ok")])).toBe("<p>請求書</p>ok");
  });

  it("passes what is written in one turn on as one chunk, and what is written later as soon as it comes", async () => {
    const stream = fizzBody();
    const chunks: string[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
    stream.write(Buffer.from("<html>"));
    stream.write(Buffer.from("<body>"));
    stream.write(Buffer.from("<main>"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toEqual(["<html><body><main>"]);
    stream.write(Buffer.from("<template>後で</template>"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toEqual(["<html><body><main>", "<template>後で</template>"]);
    stream.end(Buffer.from("</html>"));
    await new Promise((resolve) => stream.once("end", resolve));
    expect(chunks.join("")).toBe("<html><body><main><template>後で</template></html>");
  });
});
