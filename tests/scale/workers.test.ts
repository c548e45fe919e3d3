import { existsSync, readFileSync } from "node:fs";
import { get } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type RunningServer, startServer } from "../e2e/support/server.ts";
import { type RunningRedis, startRedis } from "../support/redis-server.ts";

/**
 * WORKERS=2 on the embedded file: the parent starts two children of the same entry on one
 * port (Bun's reusePort), restarts one that dies and stops both on SIGTERM. Which child
 * answered is told by `process_start_time_seconds` in /metrics (each process serves its own).
 */
const TOKEN = "m".repeat(32);
let redis: RunningRedis;
let parent: RunningServer;

beforeAll(async () => {
  redis = await startRedis();
  parent = await startServer({ env: { WORKERS: "2", REDIS_URL: redis.url, METRICS_TOKEN: TOKEN, LOG_LEVEL: "warn" }, timeoutMs: 120_000 });
}, 180_000);

afterAll(async () => {
  await parent?.stop();
  await redis?.stop();
}, 30_000);

/** One scrape on a new connection (no keep-alive: the kernel spreads connections, not requests). */
function startTime(port: number): Promise<number> {
  return new Promise((done, fail) => {
    const req = get({ host: "127.0.0.1", port, path: "/metrics", agent: false, headers: { authorization: `Bearer ${TOKEN}` } }, (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => {
        const line = text.split("\n").find((l) => l.startsWith("process_start_time_seconds "));
        line ? done(Number(line.split(" ")[1])) : fail(new Error(`no start time (status ${res.statusCode})`));
      });
    });
    req.on("error", fail);
  });
}
/** The start times of the processes that answered 40 fresh connections. */
async function answering(port: number): Promise<Set<number>> {
  const seen = new Set<number>();
  for (let i = 0; i < 40; i++) seen.add(await startTime(port));
  return seen;
}
/** The parent's child processes (Linux /proc). */
function children(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  return existsSync(file) ? readFileSync(file, "utf8").trim().split(/\s+/).filter(Boolean).map(Number) : [];
}
const alive = (pid: number) => existsSync(`/proc/${pid}`) && !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));

describe("WORKERS=2 with Redis on the embedded file", () => {
  it("two children answer on one port; a SIGKILLed child is started again; SIGTERM stops them all", async () => {
    const parentPid = parent.process.pid!;
    await vi.waitFor(async () => expect((await answering(parent.port)).size).toBe(2), { timeout: 60_000, interval: 500 });
    const first = children(parentPid);
    expect(first).toHaveLength(2);
    const before = await answering(parent.port);

    const victim = first[1]!;
    process.kill(victim, "SIGKILL");
    await vi.waitFor(() => expect(parent.output()).toMatch(/worker \d exited \(SIGKILL\)/), { timeout: 10_000, interval: 100 });
    // Started again: a new child, and once it booted, a start time not seen before answers too.
    await vi.waitFor(
      async () => {
        const now = children(parentPid);
        expect(now).toHaveLength(2);
        expect(now).not.toContain(victim);
        const times = await answering(parent.port);
        expect(times.size).toBe(2);
        expect([...times].some((t) => !before.has(t))).toBe(true);
      },
      { timeout: 90_000, interval: 500 },
    );

    const all = children(parentPid);
    const exited = new Promise<number | null>((done) => parent.process.once("exit", (code) => done(code)));
    parent.process.kill("SIGTERM");
    expect(await exited).toBe(0);
    await vi.waitFor(() => expect(all.filter(alive)).toEqual([]), { timeout: 10_000, interval: 100 });
  }, 180_000);
});
