import { Transform } from "node:stream";

/** Drops the zero bytes React 18.3 can leave at the end of a write (see fizzBody). */
function withoutPadding(chunk: Buffer): Buffer {
  let end = chunk.length;
  while (end > 0 && chunk.length - end < 3 && chunk[end - 1] === 0) end -= 1;
  return end === chunk.length ? chunk : chunk.subarray(0, end);
}

/** How long the shell may wait for the rest of a page that is not all ready (deferred data still on its way). */
const LONGEST_HOLD_MS = 30;

/**
 * What renderToPipeableStream writes, as the response's body:
 *
 * - **Without padding.** React 18.3 encodes into a 2,048-byte buffer and,
 *   when the next character does not fit whole, can flush the buffer with its
 *   unused tail still zero (fixed in React 19, facebook/react#26228, never
 *   released for 18). Japanese text hits this: a page showed 「編\0集」. A
 *   UTF-8 character is at most four bytes, so at most three zero bytes can be
 *   left at the end of a write; HTML never needs a NUL, so they are dropped.
 * - **In few writes.** React writes a page in 2 KB pieces, and the loader
 *   data for hydration in a piece per turn of the event loop; each became a
 *   write to the socket (and a packet on the line) of its own: a tenth of an
 *   invoice detail's server CPU under load went to those system calls. What
 *   comes is held until `allReady` (React's onAllReady: the page has nothing
 *   more to wait for) or, for a page still waiting for deferred data, for at
 *   most LONGEST_HOLD_MS; from then on, what one turn writes goes out together.
 */
export function fizzBody(allReady: Promise<unknown>): Transform {
  let held: Buffer[] = [];
  let holding = true;
  const release = () => {
    if (held.length === 0) return;
    body.push(held.length === 1 ? held[0] : Buffer.concat(held));
    held = [];
  };
  const stopHolding = () => {
    if (!holding) return;
    holding = false;
    release();
  };
  void allReady.finally(() => setImmediate(stopHolding));
  const body = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (held.length === 0) {
        if (holding) setTimeout(stopHolding, LONGEST_HOLD_MS).unref();
        else setImmediate(release);
      }
      held.push(withoutPadding(chunk));
      callback();
    },
    flush(callback) {
      holding = false;
      release();
      callback();
    },
  });
  return body;
}
