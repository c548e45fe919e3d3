import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestKernel, type TestKernel } from "../../tests/support/test-kernel.ts";
import { jobs } from "../db/tables.ts";
import type { Jobs } from "./jobs.ts";

/**
 * Issue 24's "two kernels on one database file": two processes of the server, as far as the
 * jobs are concerned (each kernel has its own runner, owner id, write connection and timers;
 * only the file is shared). A short lease (300 ms) makes lapses quick.
 */
const LEASE = { JOBS_LEASE_MS: "300" };
let a: TestKernel;
let b: TestKernel;
let stopped = false;

async function pair(env: Record<string, string> = {}) {
  a = await createTestKernel({ plugins: [], env: { ...LEASE, ...env } });
  b = await createTestKernel({ plugins: [], env: { ...LEASE, ...env }, dataDir: a.dataDir });
  stopped = false;
}
afterEach(async () => {
  // B shares A's folder: stop it, then let A remove the folder.
  if (!stopped) await b.kernel.stop();
  await a.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const both = (define: (jobs: Jobs, name: "a" | "b") => void) => {
  define(a.kernel.jobs, "a");
  define(b.kernel.jobs, "b");
};
const left = async () => (await a.kernel.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.status, "pending"))).length;
/** Both runners claim and run, each in its own loop, until nothing is pending (and `more` says done). */
async function runBoth(more: () => boolean = () => false, pauseMs = 2, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  const loop = async (k: TestKernel) => {
    while ((await left()) > 0 || more()) {
      if (Date.now() > end) throw new Error("timed out");
      await k.kernel.jobs.runDue();
      await sleep(pauseMs);
    }
  };
  await Promise.all([loop(a), loop(b)]);
}

describe("two kernels on one database file", () => {
  it("no job runs twice: 300 jobs in 30 lanes, both claiming at once", async () => {
    await pair();
    const runs = new Map<number, string[]>();
    both((jobs, name) =>
      jobs.define<{ n: number }>(
        "t.count",
        async ({ payload }) => {
          runs.set(payload.n, [...(runs.get(payload.n) ?? []), name]);
          await sleep(1);
        },
        { lane: (p) => `l${p.n % 30}` },
      ),
    );
    for (let n = 0; n < 300; n++) await a.kernel.jobs.enqueue("t.count", { n });
    await runBoth();
    expect(runs.size).toBe(300);
    expect([...runs.values()].filter((r) => r.length !== 1)).toEqual([]);
    const by = [...runs.values()].flat();
    // Both took part (the claims interleave).
    expect(by.includes("a") && by.includes("b")).toBe(true);
  });

  it("affinity holds: jobs of a resource kernel B holds never run on A", async () => {
    await pair();
    const ran: { n: number; on: string }[] = [];
    both((jobs, name) =>
      jobs.define<{ n: number; conn: number | null }>("t.send", async ({ payload }) => void ran.push({ n: payload.n, on: name }), {
        affinity: (p) => (p.conn === null ? null : `whatsapp:${p.conn}`),
      }),
    );
    b.kernel.jobs.hold("whatsapp:1");
    a.kernel.jobs.hold("whatsapp:2");
    for (let n = 0; n < 40; n++) await a.kernel.jobs.enqueue("t.send", { n, conn: n % 4 === 0 ? null : n % 2 === 0 ? 2 : 1 });
    await runBoth();
    expect(ran).toHaveLength(40);
    for (const r of ran) {
      if (r.n % 4 === 0) continue;
      expect(r.on).toBe(r.n % 2 === 0 ? "a" : "b");
    }
  });

  it("pacing holds across both: one lane's starts stay the gap apart whoever claims", async () => {
    await pair();
    const starts: { n: number; at: number; on: string }[] = [];
    both((jobs, name) =>
      jobs.define<{ n: number }>("t.paced", async ({ payload }) => void starts.push({ n: payload.n, at: Date.now(), on: name }), {
        lane: () => "connection:1",
        pace: () => ({ minGapMs: 120, jitterMs: 30 }),
      }),
    );
    for (let n = 1; n <= 6; n++) await a.kernel.jobs.enqueue("t.paced", { n });
    // Which kernel wins a claim is chance: A runs the first three, then B alone the rest, so B's
    // first start must keep the gap from A's last (the slot lives in the database, not in A).
    const runOn = async (k: TestKernel, until: number) => {
      const end = Date.now() + 15_000;
      while (starts.length < until) {
        if (Date.now() > end) throw new Error("timed out");
        await k.kernel.jobs.runDue();
        await sleep(2);
      }
    };
    await runOn(a, 3);
    await runOn(b, 6);
    expect(starts.map((s) => s.n)).toEqual([1, 2, 3, 4, 5, 6]);
    for (let i = 1; i < starts.length; i++) expect(starts[i]!.at - starts[i - 1]!.at).toBeGreaterThanOrEqual(110);
    expect(starts.map((s) => s.on)).toEqual(["a", "a", "a", "b", "b", "b"]);
  });

  it("a schedule fires once per tick: both kernels' timers tick, one of them runs it", async () => {
    await pair({ JOBS_POLL_MS: "20" });
    let runs = 0;
    both((jobs) => jobs.schedule("t.tick", "* * * * * *", () => void runs++));
    a.kernel.jobs.start();
    b.kernel.jobs.start();
    await sleep(3_300);
    await Promise.all([a.kernel.jobs.stop(), b.kernel.jobs.stop()]);
    await sleep(50);
    const ticks = await a.kernel.db.select().from(jobs).where(eq(jobs.kind, "t.tick"));
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(ticks.every((t) => t.status === "done")).toBe(true);
    expect(runs).toBe(ticks.length);
  });

  it("a killed kernel's leased job is taken over by the other once the lease lapses", async () => {
    await pair();
    const hang = new Promise<void>(() => {});
    const ran: string[] = [];
    a.kernel.jobs.define("t.work", async () => {
      ran.push("a");
      await hang;
    });
    b.kernel.jobs.define("t.work", async () => void ran.push("b"));
    await a.kernel.jobs.enqueue("t.work", {});
    void a.kernel.jobs.runDue();
    while (!ran.length) await sleep(5);
    // "Killed": A stops (no renewal, no outcome) with the handler still hanging.
    await a.kernel.jobs.stop();
    expect(await b.kernel.jobs.runDue()).toBe(0);
    await sleep(400);
    expect(await b.kernel.jobs.runDue()).toBe(1);
    expect(ran).toEqual(["a", "b"]);
    const [row] = await b.kernel.db.select().from(jobs);
    expect(row).toMatchObject({ status: "done", attempts: 2 });
  });

  it("a handler that outlives its lease is renewed and never runs twice", async () => {
    // A second's lease, renewed every third: timers late by most of a second on a loaded machine still renew in time.
    await pair({ JOBS_LEASE_MS: "1000" });
    const ran: string[] = [];
    both((jobs, name) =>
      jobs.define("t.slow", async () => {
        ran.push(name);
        await sleep(2_500);
      }),
    );
    await a.kernel.jobs.enqueue("t.slow", {});
    const first = a.kernel.jobs.runDue();
    const end = Date.now() + 2_800;
    while (Date.now() < end) {
      await b.kernel.jobs.runDue();
      await sleep(20);
    }
    await first;
    expect(ran).toEqual(["a"]);
    const [row] = await a.kernel.db.select().from(jobs);
    expect(row).toMatchObject({ status: "done", attempts: 1 });
  });
});
