/**
 * Boot time: spawn `bun plugins/main.ts` on a fresh DATA_DIR (migrations, seed, super admin
 * hash) and time the first 200 from GET /version. Median of 5; then the same on the data
 * the first run left (a restart).   bun tests/bench/boot.ts
 */
import { rmSync } from "node:fs";
import { benchServer, median, ms, report } from "./support.ts";

const RUNS = 5;

async function timeBoot(dataDir?: string): Promise<{ ms: number; dataDir: string }> {
  const started = performance.now();
  const server = await benchServer({ dataDir, keepData: true, pollMs: 5 });
  const elapsed = performance.now() - started;
  await server.stop();
  return { ms: elapsed, dataDir: server.dataDir };
}

const fresh: number[] = [];
const restart: number[] = [];
const dirs: string[] = [];
for (let i = 0; i < RUNS; i++) {
  const first = await timeBoot();
  fresh.push(first.ms);
  dirs.push(first.dataDir);
  restart.push((await timeBoot(first.dataDir)).ms);
}
for (const d of dirs) rmSync(d, { recursive: true, force: true });

report("boot", {
  fresh_median: ms(median(fresh)),
  restart_median: ms(median(restart)),
  fresh_runs: fresh.map((n) => n.toFixed(0)).join("/"),
  restart_runs: restart.map((n) => n.toFixed(0)).join("/"),
});
