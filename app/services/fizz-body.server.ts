import { Transform } from "node:stream";

/** Drops the zero bytes React 18.3 can leave at the end of a write (see fizzBody). */
function withoutPadding(chunk: Buffer): Buffer {
  let end = chunk.length;
  while (end > 0 && chunk.length - end < 3 && chunk[end - 1] === 0) end -= 1;
  return end === chunk.length ? chunk : chunk.subarray(0, end);
}

/**
 * What renderToPipeableStream writes, as the response's body:
 *
 * - **Without padding.** React 18.3 encodes into a 2,048-byte buffer and, when
 *   the next character does not fit whole, can flush the buffer with its unused
 *   tail still zero (fixed in React 19, facebook/react#26228, never released
 *   for 18). Japanese text hits this: a page showed 「編\0集」. A UTF-8
 *   character is at most four bytes, so at most three zero bytes can be left at
 *   the end of a write; HTML never needs a NUL, so they are dropped.
 * - **One chunk per turn of the event loop.** React writes a page in 2 KB
 *   pieces, and each became a write to the socket of its own: a tenth of an
 *   invoice detail's server CPU under load went to those system calls. What
 *   React writes in one turn goes out together; what it writes later (a
 *   deferred part) still goes out as soon as it is written.
 */
export function fizzBody(): Transform {
  let held: Buffer[] = [];
  const release = () => {
    if (held.length === 0) return;
    body.push(held.length === 1 ? held[0] : Buffer.concat(held));
    held = [];
  };
  const body = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (held.length === 0) setImmediate(release);
      held.push(withoutPadding(chunk));
      callback();
    },
    flush(callback) {
      release();
      callback();
    },
  });
  return body;
}
