import { describe, expect, it } from "vitest";
import { readAhead } from "./ticket-report.service.ts";

/** A source of `n` batches of 10 characters that records how far it was pulled and whether it ended. */
function source(n: number, failAt = -1) {
  const seen = { pulled: 0, ended: false };
  const gen = (async function* () {
    try {
      for (let i = 0; i < n; i++) {
        if (i === failAt) throw new Error("the walk failed");
        seen.pulled++;
        await new Promise((r) => setTimeout(r, 1));
        yield String(i).padStart(10, "0");
      }
    } finally {
      seen.ended = true;
    }
  })();
  return { gen, seen };
}

const tick = (ms = 30) => new Promise((r) => setTimeout(r, ms));

describe("readAhead (the big page's older half, read while the newer is written out)", () => {
  it("gives every batch in order, and reads ahead only up to its bytes", async () => {
    const { gen, seen } = source(20);
    const ahead = readAhead(gen, 35);
    await tick();
    // 4 batches of 10 kept (over 35 after the 4th), the walk waits.
    expect(seen.pulled).toBe(4);
    const got: string[] = [];
    for await (const b of ahead.batches) got.push(b);
    expect(got).toEqual(Array.from({ length: 20 }, (_, i) => String(i).padStart(10, "0")));
    expect(seen.ended).toBe(true);
  });

  it("stop() before a batch was read ends the walk (a download cancelled during the newer half)", async () => {
    const { gen, seen } = source(1000);
    const ahead = readAhead(gen, 35);
    await tick();
    await ahead.stop();
    expect(seen.ended).toBe(true);
    const pulled = seen.pulled;
    await tick();
    expect(seen.pulled).toBe(pulled);
  });

  it("a failing walk fails the reader after the batches it gave", async () => {
    const { gen } = source(10, 3);
    const ahead = readAhead(gen, 1000);
    const got: string[] = [];
    await expect(
      (async () => {
        for await (const b of ahead.batches) got.push(b);
      })(),
    ).rejects.toThrow("the walk failed");
    expect(got).toHaveLength(3);
  });
});
