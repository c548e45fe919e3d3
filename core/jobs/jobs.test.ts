import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { createTestKernel, type TestKernel } from "../../tests/support/test-kernel.ts";
import { jobs } from "../db/tables.ts";
import { CLAIMABLE_JOBS } from "./jobs.ts";
import { definePlugin } from "../plugin/manifest.ts";
import { defineServerPlugin } from "../plugin/server-plugin.ts";

let t: TestKernel;
beforeEach(async () => {
  t = await createTestKernel({ plugins: [] });
});
afterEach(() => t.close());

describe("durable jobs", () => {
  it("runs a due job once and marks it done", async () => {
    const seen: unknown[] = [];
    t.kernel.jobs.define("test.echo", async ({ payload }) => void seen.push(payload));
    await t.kernel.jobs.enqueue("test.echo", { n: 1 });
    expect(await t.kernel.jobs.runDue()).toBe(1);
    expect(await t.kernel.jobs.runDue()).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
  });

  it("does not run a job before its due time", async () => {
    t.kernel.jobs.define("test.later", async () => {});
    await t.kernel.jobs.enqueue("test.later", {}, { dueAt: Date.now() + 60_000 });
    expect(await t.kernel.jobs.runDue()).toBe(0);
  });

  it("retries a failing job later with backoff, then gives up after maxAttempts", async () => {
    t.kernel.jobs.define("test.fail", async () => {
      throw new Error("boom");
    });
    await t.kernel.jobs.enqueue("test.fail", {}, { maxAttempts: 2 });
    await t.kernel.jobs.runDue();
    let [row] = await t.kernel.db.select().from(jobs);
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "boom" });
    expect(row!.dueAt).toBeGreaterThan(Date.now());
    await t.kernel.db.update(jobs).set({ dueAt: 0 }).where(eq(jobs.id, row!.id));
    await t.kernel.jobs.runDue();
    [row] = await t.kernel.db.select().from(jobs);
    expect(row).toMatchObject({ status: "failed", attempts: 2 });
  });

  it("keeps one row per dedupe key", async () => {
    t.kernel.jobs.define("test.once", async () => {});
    await t.kernel.jobs.enqueue("test.once", {}, { dedupeKey: "k" });
    await t.kernel.jobs.enqueue("test.once", {}, { dedupeKey: "k" });
    expect(await t.kernel.db.select().from(jobs)).toHaveLength(1);
  });

  it("runs a laned kind's jobs of different lanes together, one lane's in order, a kind without lanes one at a time in order", async () => {
    const events: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let running = 0;
    let most = 0;
    t.kernel.jobs.define<{ lane: string; n: number }>(
      "test.laned",
      async ({ payload }) => {
        running++;
        most = Math.max(most, running);
        events.push(`start ${payload.lane}${payload.n}`);
        // Lane a's first job waits until lane b has run: they must overlap.
        if (payload.lane === "a" && payload.n === 1) await gate;
        if (payload.lane === "b") open();
        events.push(`end ${payload.lane}${payload.n}`);
        running--;
      },
      { lane: (p) => p.lane },
    );
    t.kernel.jobs.define<{ n: number }>("test.serial", async ({ payload }) => {
      events.push(`serial ${payload.n}`);
    });
    await t.kernel.jobs.enqueue("test.laned", { lane: "a", n: 1 });
    await t.kernel.jobs.enqueue("test.serial", { n: 1 });
    await t.kernel.jobs.enqueue("test.laned", { lane: "a", n: 2 });
    await t.kernel.jobs.enqueue("test.laned", { lane: "b", n: 1 });
    await t.kernel.jobs.enqueue("test.serial", { n: 2 });
    expect(await t.kernel.jobs.runDue()).toBe(5);
    expect(most).toBe(2);
    // Lane a in order, a2 only after a1 ended; the plain kind's jobs in their order.
    expect(events.indexOf("start a2")).toBeGreaterThan(events.indexOf("end a1"));
    expect(events.indexOf("serial 2")).toBeGreaterThan(events.indexOf("serial 1"));
    expect(events.indexOf("start b1")).toBeLessThan(events.indexOf("end a1"));
    expect(await t.kernel.db.select().from(jobs).where(eq(jobs.status, "done"))).toHaveLength(5);
  });

  it("a laned job whose stored payload is not JSON fails with the parse error; the rest of the claim still runs", async () => {
    const seen: unknown[] = [];
    t.kernel.jobs.define<{ lane: string }>("test.laned", async ({ payload }) => void seen.push(payload), { lane: (p) => p.lane });
    await t.kernel.jobs.enqueue("test.laned", { lane: "a" }, { maxAttempts: 1 });
    await t.kernel.jobs.enqueue("test.laned", { lane: "b" });
    const [broken] = await t.kernel.db
      .select()
      .from(jobs)
      .where(eq(jobs.payload, JSON.stringify({ lane: "a" })));
    await t.kernel.db.update(jobs).set({ payload: "{not json" }).where(eq(jobs.id, broken!.id));
    expect(await t.kernel.jobs.runDue()).toBe(2);
    expect(seen).toEqual([{ lane: "b" }]);
    const [row] = await t.kernel.db.select().from(jobs).where(eq(jobs.id, broken!.id));
    expect(row).toMatchObject({ status: "failed" });
    expect(row!.lastError).toMatch(/JSON|parse/i);
  });

  it("resumes a job whose lease lapsed (a crash mid-run)", async () => {
    let runs = 0;
    t.kernel.jobs.define("test.resume", async () => void runs++);
    await t.kernel.jobs.enqueue("test.resume", {});
    await t.kernel.db.update(jobs).set({ status: "running", leaseUntil: Date.now() - 1, leaseOwner: "dead-node" });
    expect(await t.kernel.jobs.runDue()).toBe(1);
    expect(runs).toBe(1);
  });

  it("claims due and lapsed jobs together, oldest due first, up to the limit", async () => {
    const ran: string[] = [];
    t.kernel.jobs.define("test.order", async ({ payload }) => void ran.push((payload as { name: string }).name));
    const now = Date.now();
    await t.kernel.jobs.enqueue("test.order", { name: "third" }, { dueAt: now - 1_000 });
    await t.kernel.jobs.enqueue("test.order", { name: "lapsed-first" }, { dueAt: now - 3_000 });
    await t.kernel.jobs.enqueue("test.order", { name: "second" }, { dueAt: now - 2_000 });
    await t.kernel.jobs.enqueue("test.order", { name: "future" }, { dueAt: now + 60_000 });
    await t.kernel.db
      .update(jobs)
      .set({ status: "running", leaseUntil: now - 1, leaseOwner: "dead-node" })
      .where(eq(jobs.dueAt, now - 3_000));
    expect(await t.kernel.jobs.runDue(2)).toBe(2);
    expect(ran).toEqual(["lapsed-first", "second"]);
    expect(await t.kernel.jobs.runDue(2)).toBe(1);
    expect(ran).toEqual(["lapsed-first", "second", "third"]);
  });

  it("a claim reads each kind of claimable row in index order: no sort of the whole backlog", async () => {
    const { sql: claimSql } = new SQLiteSyncDialect().sqlToQuery(sql`SELECT id FROM ${jobs} WHERE id IN ${CLAIMABLE_JOBS}`);
    // now, busy, limit | held, now, busy, limit | now, held, busy, limit | limit
    const args = [1, "[]", 20, '["whatsapp:1"]', 1, "[]", 20, 1, '["whatsapp:1"]', "[]", 20, 20];
    const plan = await t.kernel.database.client.execute({ sql: `EXPLAIN QUERY PLAN ${claimSql}`, args });
    const details = plan.rows.map((r) => String(r.detail));
    // One range of jobs_due_idx per kind of row, each stopping at the limit: due rows any process
    // runs (affinity null) read in index order, due rows of the held resources (a few keys, their
    // due rows sorted), running rows (few); merged by one small sort. An OR over them reads and
    // sorts every due row (2 ms a claim under a 20,000-job backlog).
    expect(details.filter((d) => /^SEARCH jobs USING (COVERING )?INDEX jobs_due_idx \(status=\? AND affinity=\? AND due_at<\?\)/.test(d))).toHaveLength(2);
    expect(details.filter((d) => /^SEARCH jobs USING (COVERING )?INDEX jobs_due_idx \(status=\?\)/.test(d))).toHaveLength(1);
    expect(details).toContain("COMPOUND QUERY");
    // The held range's, the running range's and the merge's: the unpinned range needs none.
    const ids = plan.rows.map((r) => ({ id: Number(r.id), parent: Number(r.parent), detail: String(r.detail) }));
    const unpinned = ids.find((r) => r.detail.includes("affinity=?"))!;
    expect(ids.filter((r) => r.parent === unpinned.parent && r.detail.includes("TEMP B-TREE"))).toEqual([]);
    expect(details.filter((d) => d.includes("TEMP B-TREE"))).toHaveLength(3);
    expect(details.some((d) => d.includes("MULTI-INDEX OR") || /SCAN jobs\b/.test(d))).toBe(false);
  });

  it("enqueueSync writes inside a write-batcher unit, once per dedupe key, and the row runs like any other", async () => {
    const seen: unknown[] = [];
    t.kernel.jobs.define("test.unit", async ({ payload }) => void seen.push(payload));
    const unit = () => t.kernel.database.writes.run(({ db }) => t.kernel.jobs.enqueueSync(db, "test.unit", { n: 1 }, { dedupeKey: "unit-1" }));
    await Promise.all([unit(), unit()]);
    expect(await t.kernel.db.select().from(jobs)).toHaveLength(1);
    await t.kernel.jobs.runDue();
    expect(seen).toEqual([{ n: 1 }]);
  });

  it("enqueueSync's prepared insert stores each call's own values and timestamps (none frozen at prepare time)", async () => {
    const at = new Date(Date.now() + 60_000);
    await t.kernel.database.writes.run(({ db }) => t.kernel.jobs.enqueueSync(db, "test.a", { n: 1 }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await t.kernel.database.writes.run(({ db }) => t.kernel.jobs.enqueueSync(db, "test.b", { n: 2 }, { dueAt: at, companyId: 1, dedupeKey: "b", maxAttempts: 3 }));
    const [a, b] = await t.kernel.db.select().from(jobs).orderBy(jobs.id);
    expect(a).toMatchObject({ kind: "test.a", payload: '{"n":1}', companyId: null, dedupeKey: null, maxAttempts: 8, status: "pending", attempts: 0 });
    expect(b).toMatchObject({ kind: "test.b", payload: '{"n":2}', companyId: 1, dedupeKey: "b", maxAttempts: 3, dueAt: at.getTime() });
    expect(b!.createdAt > a!.createdAt).toBe(true);
    expect(b!.updatedAt).toBe(b!.createdAt);
  });

  it("enqueues inside the caller's transaction (outbox): a rollback leaves no job", async () => {
    await t.kernel.db
      .transaction(async (tx) => {
        await t.kernel.jobs.enqueue("test.tx", {}, { tx });
        throw new Error("rollback");
      })
      .catch(() => {});
    expect(await t.kernel.db.select().from(jobs)).toHaveLength(0);
  });
});

describe("schedules", () => {
  it("two kernels in one process may register the same schedule name", async () => {
    const other = await createTestKernel({ plugins: [] });
    try {
      t.kernel.jobs.schedule("sweep", "*/5 * * * *", () => {});
      expect(() => other.kernel.jobs.schedule("sweep", "*/5 * * * *", () => {})).not.toThrow();
    } finally {
      await other.close();
    }
  });
});

describe("plugin jobs are named by the kernel", () => {
  /** A scratch plugin whose job and schedule names carry no prefix. */
  const scratch = (runs: string[]) =>
    defineServerPlugin({
      manifest: definePlugin({ id: "scratch" }),
      setup(ctx) {
        ctx.jobs.define<{ n: number }>("ping", async ({ kind, payload }) => void runs.push(`${kind}:${payload.n}`));
        ctx.onStart(() => ctx.jobs.enqueue("ping", { n: 1 }));
      },
    });

  it("a kind a plugin defines and enqueues is stored and run with the plugin id in front", async () => {
    const runs: string[] = [];
    const k = await createTestKernel({ plugins: [scratch(runs)] });
    try {
      await k.kernel.start();
      expect((await k.kernel.db.select().from(jobs)).map((j) => j.kind)).toEqual(["scratch.ping"]);
      await k.kernel.jobs.runDue();
      expect(runs).toEqual(["scratch.ping:1"]);
    } finally {
      await k.close();
    }
  });

  it("a row written before the upgrade under the full kind still runs", async () => {
    const runs: string[] = [];
    const k = await createTestKernel({ plugins: [scratch(runs)] });
    try {
      await k.kernel.db.insert(jobs).values({ kind: "scratch.ping", payload: JSON.stringify({ n: 7 }), dueAt: Date.now() });
      await k.kernel.jobs.runDue();
      expect(runs).toEqual(["scratch.ping:7"]);
    } finally {
      await k.close();
    }
  });

  it("a kind that already carries the plugin id is refused (it would be doubled)", () => {
    const view = t.kernel.jobs.forPlugin("scratch");
    expect(() => view.define("scratch.ping", async () => {})).toThrow('the kernel adds the plugin id, write "ping"');
  });

  it("schedule names are the plugin's own too (named in logs as <id>.<name>)", () => {
    expect(() => t.kernel.jobs.forPlugin("users").schedule("users.online-sweep", "*/5 * * * *", () => {})).toThrow('write "online-sweep"');
    expect(() => t.kernel.jobs.forPlugin("users").schedule("online-sweep", "*/5 * * * *", () => {})).not.toThrow();
  });
});
