import { Transform } from "node:stream";

/**
 * React 18.3's renderToPipeableStream encodes into a 2,048-byte buffer and,
 * when the next character does not fit whole, can flush the buffer with its
 * unused tail still zero (fixed in React 19, facebook/react#26228, never
 * released for 18). Japanese text hits this: a page showed 「編\0集」. A
 * UTF-8 character is at most four bytes, so at most three zero bytes can be
 * left at the end of a write; HTML never needs a NUL, so they are dropped.
 */
export function withoutFizzPadding(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let end = chunk.length;
      while (end > 0 && chunk.length - end < 3 && chunk[end - 1] === 0) end -= 1;
      callback(null, end === chunk.length ? chunk : chunk.subarray(0, end));
    },
  });
}
