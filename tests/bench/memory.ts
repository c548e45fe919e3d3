/**
 * Idle memory (issue 17): the server's resident set (VmRSS from /proc/<pid>/status) 5 s after
 * boot with no client, then 2 s after a login, for the single binary and the source, beside
 * the aim (idle under 80 MiB); also the private part of it (RssAnon), without the pages that
 * map the executable and its libraries. Median of BENCH_RUNS boots on fresh data directories
 * (a first boot: it also hashes the super admin's password a second after boot), then of a
 * restart on the data each left (the everyday boot), idle 5 s.
 *   bun tests/bench/memory.ts
 * Overrides: BENCH_RUNS=3, BENCH_BINARY=dist/atendechat (built when missing), BENCH_SKIP_BINARY=1.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { benchServer, login, median, proc, report } from "./support.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const AIM_MIB = 80;

const rssMiB = (pid: number) => proc.memoryMiB(pid, "VmRSS");
/** The private part of the resident set: what this process alone costs (the rest maps the executable and libraries, shared and reclaimable). */
const anonMiB = (pid: number) => proc.memoryMiB(pid, "RssAnon");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const targets: { name: string; command: string[] }[] = [{ name: "source", command: [process.env.BUN_BIN || "bun", "plugins/main.ts"] }];
if (process.env.BENCH_SKIP_BINARY !== "1") {
  const binary = resolve(ROOT, process.env.BENCH_BINARY ?? "dist/atendechat");
  if (!existsSync(binary)) execFileSync(process.env.BUN_BIN || "bun", ["run", "build:binary"], { cwd: ROOT, stdio: "inherit" });
  targets.unshift({ name: "binary", command: [binary] });
}

for (const target of targets) {
  const idle: number[] = [];
  const idlePrivate: number[] = [];
  const afterLogin: number[] = [];
  const restartIdle: number[] = [];
  const restartPrivate: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), "atende-memory-"));
    try {
      const server = await benchServer({ command: target.command, dataDir });
      try {
        const pid = server.process.pid!;
        await sleep(5000);
        idle.push(rssMiB(pid));
        idlePrivate.push(anonMiB(pid));
        await login(server.url);
        await sleep(2000);
        afterLogin.push(rssMiB(pid));
      } finally {
        await server.stop();
      }
      const restarted = await benchServer({ command: target.command, dataDir });
      try {
        await sleep(5000);
        restartIdle.push(rssMiB(restarted.process.pid!));
        restartPrivate.push(anonMiB(restarted.process.pid!));
      } finally {
        await restarted.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const idleMedian = median(idle);
  const restartMedian = median(restartIdle);
  report(`memory ${target.name}`, {
    idle_rss: `${idleMedian.toFixed(1)} MiB`,
    idle_private: `${median(idlePrivate).toFixed(1)} MiB`,
    after_login_rss: `${median(afterLogin).toFixed(1)} MiB`,
    restart_idle_rss: `${restartMedian.toFixed(1)} MiB`,
    restart_idle_private: `${median(restartPrivate).toFixed(1)} MiB`,
    aim: `idle < ${AIM_MIB} MiB: first boot ${idleMedian < AIM_MIB ? "met" : "missed"}, restart ${restartMedian < AIM_MIB ? "met" : "missed"}`,
    runs: idle.map((n) => n.toFixed(0)).join("/"),
  });
}
