import { describe, expect, it } from "vitest";
import { CsvRecordReader } from "./bulk-csv";

function readAll(pieces: string[]): string[][] {
  const reader = new CsvRecordReader();
  return [...pieces.flatMap((piece) => reader.push(piece)), ...reader.end()];
}

// The NTA's own quoting: number and texts quoted, codes and dates bare, blank cells both ways.
const NTA_LINE = '1,"T1000020012131",01,0,2,1,1,2023-10-01,2022-06-13,,,"北海道苫小牧市旭町４丁目５番６号",01,213,"",,,"","苫小牧市","",,,"",""';

describe("CsvRecordReader", () => {
  it.each([
    ["the NTA's line", `${NTA_LINE}\r\n`, [NTA_LINE.split(",").map((cell) => cell.replace(/^"(.*)"$/, "$1"))]],
    ["commas and doubled quotes inside quotes", 'a,"b,c","say ""hi"""\n', [["a", "b,c", 'say "hi"']]],
    ["line breaks inside quotes", '"1\r\n2","3\n4"\r\nx,y\r\n', [["1\r\n2", "3\n4"], ["x", "y"]]],
    ["LF, CR and CRLF line ends", "a\nb\rc\r\nd", [["a"], ["b"], ["c"], ["d"]]],
    ["no line break at the end", "a,b", [["a", "b"]]],
    ["blank lines", "a\n\n\r\nb\n", [["a"], ["b"]]],
    ["empty cells", ',,\n"",""\n', [["", "", ""], ["", ""]]],
  ])("reads %s", (_name, text, records) => {
    expect(readAll([text])).toEqual(records);
  });

  it("reads the same records wherever the text is cut into pieces", () => {
    const text = `${NTA_LINE}\r\n"a ""quoted""\r\nline",b\r\n"",x\r\n`;
    const whole = readAll([text]);
    for (let first = 0; first <= text.length; first++) {
      for (const second of [first, Math.min(text.length, first + 1), Math.min(text.length, first + 7)]) {
        expect(readAll([text.slice(0, first), text.slice(first, second), text.slice(second)]), `cut at ${first} and ${second}`).toEqual(whole);
      }
    }
  });

  it("refuses a file that ends inside a quoted field", () => {
    expect(() => readAll(['a,"b\n'])).toThrow(/inside a quoted field/);
  });
});
