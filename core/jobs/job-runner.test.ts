import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestKernel, type TestKernel } from "../../tests/support/test-kernel.ts";
import { jobLanes, jobs } from "../db/tables.ts";

/** The runner of issue 24: lanes per kind, claims while long jobs run, pacing, affinity, ticks, the sweep. */
let t: TestKernel;
afterEach(() => t?.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
};
const until = async (check: () => boolean | Promise<boolean>, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await sleep(10);
  }
};

describe("lanes", () => {
  it("each kind is its own lane: a slow job of one kind does not hold another kind's job", async () => {
    t = await createTestKernel({ plugins: [] });
    const slow = gate();
    const events: string[] = [];
    t.kernel.jobs.define("a.slow", async () => {
      events.push("slow start");
      await slow.opened;
      events.push("slow end");
    });
    t.kernel.jobs.define("b.quick", async () => {
      events.push("quick");
      slow.open();
    });
    await t.kernel.jobs.enqueue("a.slow", {});
    await t.kernel.jobs.enqueue("b.quick", {});
    expect(await t.kernel.jobs.runDue()).toBe(2);
    expect(events).toEqual(["slow start", "quick", "slow end"]);
  });

  it("a long lane takes its own next rows: a backlog of one lane runs in order, each row once", async () => {
    t = await createTestKernel({ plugins: [], env: { JOBS_POLL_MS: "20" } });
    const ran: number[] = [];
    t.kernel.jobs.define<{ n: number }>("a.backlog", async ({ payload }) => void ran.push(payload.n));
    for (let n = 0; n < 100; n++) await t.kernel.jobs.enqueue("a.backlog", { n });
    const client = t.kernel.database.client;
    t.kernel.jobs.start();
    await until(() => ran.length === 100);
    expect(ran).toEqual([...Array(100).keys()]);
    const rows = await client.execute("SELECT count(*) AS n, sum(attempts) AS attempts FROM jobs WHERE status = 'done'");
    expect(rows.rows[0]).toMatchObject({ n: 100, attempts: 100 });
  });

  it("claims go on while a long job runs; its lane's next job waits for it, in order", async () => {
    t = await createTestKernel({ plugins: [], env: { JOBS_POLL_MS: "20" } });
    const long = gate();
    const ran: string[] = [];
    t.kernel.jobs.define<{ n: number }>("a.long", async ({ payload }) => {
      ran.push(`long ${payload.n}`);
      if (payload.n === 1) await long.opened;
    });
    t.kernel.jobs.define<{ n: number }>("b.other", async ({ payload }) => void ran.push(`other ${payload.n}`));
    t.kernel.jobs.start();
    await t.kernel.jobs.enqueue("a.long", { n: 1 });
    await until(() => ran.includes("long 1"));
    await t.kernel.jobs.enqueue("a.long", { n: 2 });
    await t.kernel.jobs.enqueue("b.other", { n: 1 });
    await until(() => ran.includes("other 1"));
    await t.kernel.jobs.enqueue("b.other", { n: 2 });
    await until(() => ran.includes("other 2"));
    // The busy lane's next job was not even claimed: it waits in the table, not in this process.
    const [second] = await t.kernel.db
      .select()
      .from(jobs)
      .where(eq(jobs.payload, JSON.stringify({ n: 2 })))
      .orderBy(jobs.id)
      .limit(1);
    expect(second).toMatchObject({ kind: "a.long", status: "pending", attempts: 0 });
    long.open();
    await until(() => ran.includes("long 2"));
    expect(ran).toEqual(["long 1", "other 1", "other 2", "long 2"]);
  });
});

describe("pacing", () => {
  it("a paced lane starts its jobs the gap apart, in order; a job waiting for its slot is back in the table, not polled", async () => {
    t = await createTestKernel({ plugins: [] });
    const starts: { n: number; at: number }[] = [];
    t.kernel.jobs.define<{ n: number; conn: number }>("c.ship", async ({ payload }) => void starts.push({ n: payload.n, at: Date.now() }), {
      lane: (p) => `connection:${p.conn}`,
      pace: () => ({ minGapMs: 150 }),
    });
    for (const n of [1, 2, 3]) await t.kernel.jobs.enqueue("c.ship", { n, conn: 7 });
    await t.kernel.jobs.enqueue("c.ship", { n: 9, conn: 8 });
    // One of each lane starts; the others reserved the next slots and wait, pending, due then.
    expect(await t.kernel.jobs.runDue()).toBe(2);
    const waiting = await t.kernel.db.select().from(jobs).where(eq(jobs.status, "pending")).orderBy(jobs.dueAt);
    expect(waiting.map((j) => [JSON.parse(j.payload).n, j.attempts, j.pacedAt === j.dueAt])).toEqual([
      [2, 0, true],
      [3, 0, true],
    ]);
    expect(waiting[1]!.dueAt - waiting[0]!.dueAt).toBeGreaterThanOrEqual(150);
    const [lane] = await t.kernel.db.select().from(jobLanes).where(eq(jobLanes.lane, "c.ship:connection:7"));
    expect(lane!.nextAt).toBe(waiting[1]!.dueAt + 150);
    expect(await t.kernel.jobs.runDue()).toBe(0);
    await until(async () => (await t.kernel.jobs.runDue(), starts.length === 4));
    const lane7 = starts.filter((s) => s.n !== 9);
    expect(lane7.map((s) => s.n)).toEqual([1, 2, 3]);
    // Slots are the gap apart; a start follows its slot by the claim's few milliseconds.
    for (let i = 1; i < lane7.length; i++) expect(lane7[i]!.at - lane7[i - 1]!.at).toBeGreaterThanOrEqual(140);
  });
});

describe("affinity", () => {
  it("a pinned job is claimed only where its resource is held; letting go gives waiting jobs back", async () => {
    t = await createTestKernel({ plugins: [] });
    const ran: number[] = [];
    const first = gate();
    t.kernel.jobs.define<{ conn: number; n: number }>(
      "d.send",
      async ({ payload }) => {
        ran.push(payload.n);
        if (payload.n === 1) await first.opened;
      },
      { affinity: (p) => `whatsapp:${p.conn}` },
    );
    await t.kernel.jobs.enqueue("d.send", { conn: 12, n: 1 });
    await t.kernel.jobs.enqueue("d.send", { conn: 12, n: 2 });
    expect((await t.kernel.db.select().from(jobs)).map((j) => j.affinity)).toEqual(["whatsapp:12", "whatsapp:12"]);
    expect(await t.kernel.jobs.runDue()).toBe(0);
    t.kernel.jobs.hold("whatsapp:13");
    expect(await t.kernel.jobs.runDue()).toBe(0);
    t.kernel.jobs.hold("whatsapp:12");
    const running = t.kernel.jobs.runDue();
    await until(() => ran.length === 1);
    // The second waits behind the first in its lane; the resource goes: it goes back, unstarted.
    t.kernel.jobs.release("whatsapp:12");
    first.open();
    expect(await running).toBe(2);
    expect(ran).toEqual([1]);
    await until(async () => (await t.kernel.db.select().from(jobs).where(eq(jobs.status, "pending"))).length === 1);
    const [back] = await t.kernel.db.select().from(jobs).where(eq(jobs.status, "pending"));
    expect(back).toMatchObject({ attempts: 0, leaseOwner: null });
    expect(await t.kernel.jobs.runDue()).toBe(0);
  });
});

describe("schedules as jobs", () => {
  it("a tick is one job whoever enqueues it; a stale tick (two later ticks due) is skipped", async () => {
    t = await createTestKernel({ plugins: [] });
    let runs = 0;
    t.kernel.jobs.schedule("e.tick", "*/5 * * * * *", () => void runs++);
    const at = Math.floor(Date.now() / 5_000) * 5_000;
    await t.kernel.jobs.tick("e.tick", at);
    await t.kernel.jobs.tick("e.tick", at);
    expect(await t.kernel.db.select().from(jobs)).toHaveLength(1);
    await t.kernel.jobs.runDue();
    expect(runs).toBe(1);
    await t.kernel.jobs.tick("e.tick", at - 60_000);
    expect(await t.kernel.jobs.runDue()).toBe(1);
    expect(runs).toBe(1);
  });
});

describe("sweep", () => {
  it("deletes done rows past the retention (their dedupe keys free again), keeps recent and failed ones", async () => {
    t = await createTestKernel({ plugins: [], env: { JOBS_RETENTION_HOURS: "1" } });
    t.kernel.jobs.define("f.ok", async () => {});
    const old = Date.now() - 2 * 3_600_000;
    await t.kernel.jobs.enqueue("f.ok", {}, { dedupeKey: "once", dueAt: old });
    await t.kernel.jobs.enqueue("f.ok", {}, { dedupeKey: "recent" });
    await t.kernel.jobs.runDue();
    await t.kernel.db.insert(jobs).values({ kind: "f.ok", dueAt: old, status: "failed", dedupeKey: "broken" });
    expect(await t.kernel.jobs.sweep()).toBe(1);
    expect((await t.kernel.db.select().from(jobs).orderBy(jobs.id)).map((j) => [j.dedupeKey, j.status])).toEqual([
      ["recent", "done"],
      ["broken", "failed"],
    ]);
    await t.kernel.jobs.enqueue("f.ok", {}, { dedupeKey: "once" });
    expect(await t.kernel.jobs.runDue()).toBe(1);
  });
});
