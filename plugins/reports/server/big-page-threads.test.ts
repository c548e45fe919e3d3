import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../../..");

describe("the big page on the read pool's threads", () => {
  // Under Bun, as the server runs it: the range is cut in two and both halves are walked at once
  // (ticket-report.service.ts bodies). vitest's Node reads the keyset chunks instead.
  it("gives the rows of the 1,000-row pages, in their order, whole, limited, offset and filtered; a cancelled download frees both threads", () => {
    const out = execFileSync(process.env.BUN_BIN || "bun", ["plugins/reports/server/testing/big-page-probe.ts"], { cwd: ROOT, encoding: "utf8", timeout: 120_000 });
    const probe = JSON.parse(out.trim().split("\n").pop()!);
    // afterCancel: a download left after its first chunk frees both threads.
    // wholeWalks, first9000Walks: those pages were cut in two halves read at once (ties on the
    // cut's instant go with the newer half); smaller ones are one sequence of chunks.
    expect(probe).toEqual({
      afterCancel: 4,
      threaded: true,
      total: 10000,
      rows: 10000,
      equal: true,
      wholeWalks: 2,
      first9000: true,
      first9000Walks: 2,
      // totalTickets from the cut's count (the page stopped at its limit), and from its rows.
      first9000Total: 10000,
      first1500: true,
      second: true,
      filtered: 3333,
      filteredTotal: 3333,
      filteredEqual: true,
    });
  }, 130_000);
});
