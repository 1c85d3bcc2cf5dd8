import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { fizzBody } from "./fizz-body.server";

async function through(chunks: Buffer[]): Promise<string> {
  const stream = fizzBody(Promise.resolve());
  const result = text(stream);
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  return result;
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** What the stream passes on, chunk by chunk. */
function chunksOf(stream: NodeJS.ReadableStream): string[] {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  return chunks;
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

  it("holds what React writes over several turns until the page is all ready, then passes it on in one chunk", async () => {
    let allReady!: () => void;
    const stream = fizzBody(new Promise<void>((resolve) => (allReady = resolve)));
    const chunks = chunksOf(stream);
    stream.write(Buffer.from("<html><body>"));
    await nextTurn();
    stream.write(Buffer.from("<script>data 1</script>"));
    await nextTurn();
    expect(chunks).toEqual([]);
    stream.write(Buffer.from("<script>data 2</script>"));
    allReady();
    await nextTurn();
    await nextTurn();
    expect(chunks).toEqual(["<html><body><script>data 1</script><script>data 2</script>"]);
    stream.end(Buffer.from("</body></html>"));
    await new Promise((resolve) => stream.once("end", resolve));
    expect(chunks.join("")).toBe("<html><body><script>data 1</script><script>data 2</script></body></html>");
  });

  it("lets the shell go after a moment when the page still waits for deferred data, and what comes later as it comes", async () => {
    const stream = fizzBody(new Promise(() => undefined));
    const chunks = chunksOf(stream);
    stream.write(Buffer.from("<html><body>"));
    stream.write(Buffer.from("<main>"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(chunks).toEqual(["<html><body><main>"]);
    stream.write(Buffer.from("<template>後で</template>"));
    await nextTurn();
    expect(chunks).toEqual(["<html><body><main>", "<template>後で</template>"]);
  });
});
