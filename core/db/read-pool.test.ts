import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");

describe("the read pool (worker threads with read-only connections)", () => {
  // Under Bun, as the server runs it (vitest's Node has no Worker global: there the pool answers on the main connection).
  it("answers as the main connection, BLOBs as bytes, two at once, sees committed writes, refuses writes, survives a worker dying mid-statement, falls back when none can start, and stops", () => {
    const dir = mkdtempSync(join(tmpdir(), "atende-read-pool-"));
    try {
      const out = execFileSync(process.env.BUN_BIN || "bun", ["core/db/testing/read-pool-probe.ts", dir], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
      const probe = JSON.parse(out.trim().split("\n").pop()!);
      expect(probe.threaded).toBe(true);
      expect(probe.idle).toEqual([2, 1, 2]);
      expect(probe.blobText).toEqual(["item 1,item 4,item 7", "item 1,item 4,item 7"]);
      expect(probe.equal).toEqual([true, true, true]);
      expect(probe.parallel).toEqual([5000, 1666]);
      expect(probe.late).toBe(1);
      expect(probe.write).toMatch(/readonly/);
      expect(probe.bad).toMatch(/no such column: nope/);
      // The statement whose worker died fails at once (no hang), and the next one is answered by a fresh worker.
      expect(probe.killed).toBe("interrupted");
      expect(probe.killedMs).toBeLessThan(5_000);
      expect(probe.after).toBe(1);
      // A worker that cannot start: every statement is answered by the main connection instead.
      expect(probe.fallback).toEqual([1667, 1667]);
      expect(probe.fallbackThreaded).toBe(false);
      expect(probe.stopped).toBe("interrupted");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
