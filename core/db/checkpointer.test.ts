import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");

type Probe = { quiet?: number; autocheckpoint: number; told: boolean[]; busy: number; log: number; checkpointed: number; rows: number; dbBytes: number };
const runProbe = (dir: string, mode?: string): Probe => {
  const out = execFileSync(process.env.BUN_BIN || "bun", ["core/db/testing/checkpointer-probe.ts", dir, ...(mode ? [mode] : [])], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
  return JSON.parse(out.trim().split("\n").pop()!) as Probe;
};

describe("WAL checkpoints on a worker thread", () => {
  // Under Bun, as the server runs (vitest's Node has no Worker global, so kernels in tests keep SQLite's own checkpoints).
  it("copies the WAL back into the database file while the server's connections do not checkpoint themselves", () => {
    const dir = mkdtempSync(join(tmpdir(), "atende-ckpt-"));
    try {
      const probe = runProbe(dir);
      expect(probe.rows).toBe(2000);
      expect(probe.told).toEqual([true]);
      // The batcher's connection leaves checkpoints to the worker …
      expect(probe.autocheckpoint).toBe(0);
      // … which copied ~4 MB of rows into the file before anyone else checkpointed.
      expect(probe.dbBytes).toBeGreaterThan(3_000_000);
      expect(probe.busy).toBe(0);
      expect(probe.checkpointed).toBe(probe.log);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("starts the worker only once the writes come in volume: an idle server does not pay for its thread", () => {
    const dir = mkdtempSync(join(tmpdir(), "atende-ckpt-"));
    try {
      const probe = runProbe(dir, "on-demand");
      // After ~1 MB of writes and a poll, SQLite still checkpoints on its own: no worker yet …
      expect(probe.quiet).toBe(1000);
      // … after ~4 MB the worker runs, the connections stop checkpointing, and the server is told once.
      expect(probe.autocheckpoint).toBe(0);
      expect(probe.told).toEqual([true]);
      expect(probe.rows).toBe(2000);
      expect(probe.busy).toBe(0);
      expect(probe.checkpointed).toBe(probe.log);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
