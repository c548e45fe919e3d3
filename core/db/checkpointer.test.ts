import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");

describe("WAL checkpoints on a worker thread", () => {
  // Under Bun, as the server runs (vitest's Node has no Worker global, so kernels in tests keep SQLite's own checkpoints).
  it("copies the WAL back into the database file while the server's connections do not checkpoint themselves", () => {
    const dir = mkdtempSync(join(tmpdir(), "atende-ckpt-"));
    try {
      const out = execFileSync(process.env.BUN_BIN || "bun", ["core/db/testing/checkpointer-probe.ts", dir], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
      const probe = JSON.parse(out.trim().split("\n").pop()!) as Record<string, number>;
      expect(probe.rows).toBe(2000);
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
});
