/**
 * Text encoded as UTF-8 piece by piece (a row, a line) into one growing buffer, then taken as one
 * page of bytes: the writers never build a string of the whole page (for a report's pages of 500
 * rows that was a rope flattened to ~1.4 MB of UTF-16 each, garbage the collector met late) nor a
 * typed array per row.
 */
export interface PageEncoder {
  add(text: string): void;
  /** The page's bytes, copied (the buffer is written again), and an empty page after. */
  take(): Uint8Array;
}

export function pageEncoder(initialBytes = 64 * 1024): PageEncoder {
  const encoder = new TextEncoder();
  let buffer = new Uint8Array(initialBytes);
  let at = 0;
  return {
    add(text) {
      // UTF-8 takes at most 3 bytes per UTF-16 unit.
      if (at + text.length * 3 > buffer.length) {
        const bigger = new Uint8Array(Math.max(buffer.length * 2, at + text.length * 3));
        bigger.set(buffer.subarray(0, at));
        buffer = bigger;
      }
      at += encoder.encodeInto(text, buffer.subarray(at)).written;
    },
    take() {
      const page = buffer.slice(0, at);
      at = 0;
      return page;
    },
  };
}
