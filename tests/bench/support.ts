import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { startServer, type RunningServer, type StartOptions } from "../e2e/support/server.ts";

export { login, startServer, type RunningServer } from "../e2e/support/server.ts";

/**
 * A server for measuring: info logs off so printing does not count against it. With
 * BENCH_SQL_PROFILE=<file>, the source server times its SQL statements into that file
 * (sql-profile.ts; `printSqlProfile` shows them).
 */
export function benchServer(options: StartOptions = {}): Promise<RunningServer> {
  const profile = process.env.BENCH_SQL_PROFILE;
  const command = options.command ?? (profile ? [process.env.BUN_BIN || "bun", "--preload", resolve(import.meta.dirname, "sql-profile.ts"), "plugins/main.ts"] : undefined);
  return startServer({ ...options, command, env: { LOG_LEVEL: "warn", ...(profile ? { SQL_PROFILE_FILE: resolve(profile) } : {}), ...options.env } });
}

/** The q-th percentile (0..100) of already sorted numbers, nearest-rank. */
export function percentile(sorted: readonly number[], q: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.ceil((q / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
export const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;

/** Linux counts process CPU time in clock ticks of 10 ms (USER_HZ = 100). */
const TICK_MS = 10;

/**
 * The one reader of a process's figures in /proc (Linux), for every bench that measures the server.
 * `memoryMiB` reads /proc/<pid>/status: VmRSS the resident set, RssAnon its private part (without
 * the pages that map the executable and libraries), VmHWM the peak since start or the last reset.
 * `cpuMs` reads /proc/<pid>/stat: user + system CPU time used so far.
 * @example
 *   const before = proc.cpuMs(pid);
 *   console.log(proc.memoryMiB(pid, "VmRSS"), proc.cpuMs(pid) - before);
 */
export const proc = {
  memoryMiB(pid: number, field: "VmRSS" | "RssAnon" | "VmHWM"): number {
    const kB = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    if (kB === undefined) throw new Error(`/proc/${pid}/status has no ${field}`);
    return Number(kB) / 1024;
  },
  cpuMs(pid: number): number {
    // Fields after the command name (which may contain spaces and parentheses): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  },
};

/** Milliseconds on a clock that several processes on one machine share. */
export const now = () => performance.timeOrigin + performance.now();

/** Runs another bench script as its own process (the load must not share the server's or our event loop). */
export function runWorker(script: string, args: string[], onLine?: (line: string) => void): { done: Promise<string>; send(text: string): void; kill(): void } {
  const child = spawn(process.execPath, [resolve(import.meta.dirname, script), ...args], { stdio: ["pipe", "pipe", "inherit"] });
  let out = "";
  let pending = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (d: string) => {
    out += d;
    pending += d;
    let nl: number;
    while ((nl = pending.indexOf("\n")) >= 0) {
      onLine?.(pending.slice(0, nl));
      pending = pending.slice(nl + 1);
    }
  });
  const done = new Promise<string>((ok, fail) => child.once("exit", (code) => (code === 0 ? ok(out) : fail(new Error(`${script} exited with ${code}`)))));
  return { done, send: (text) => child.stdin.write(text), kill: () => child.kill("SIGKILL") };
}

/** Prints the figure a bench produced in one recognisable line. */
export function report(name: string, figures: Record<string, string | number>) {
  // The 1-minute load average says whether something else was competing for the cores.
  const all = { ...figures, load1: loadavg()[0]!.toFixed(2) };
  console.log(
    `${name}: ${Object.entries(all)
      .map(([k, v]) => `${k}=${v}`)
      .join("  ")}`,
  );
}
