import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../log.ts";
import { connectRedis, type RedisClient } from "../redis/redis.ts";
import { startRedis, type RunningRedis } from "../../tests/support/redis-server.ts";
import { type LimitStore, memoryLimits } from "./limit-store.ts";
import { redisLimits } from "./redis-limits.ts";

let redisServer: RunningRedis;
const clients: RedisClient[] = [];

beforeAll(async () => {
  redisServer = await startRedis();
});

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await redisServer?.stop();
});

/** A fresh Redis store on its own connection, as another process would hold one; keys kept apart per test. */
async function redisStore(prefix: string): Promise<LimitStore> {
  const client = await connectRedis(redisServer.url, createLogger("silent"));
  clients.push(client);
  return redisLimits(client, prefix);
}

let n = 0;
const stores: [string, () => Promise<LimitStore>][] = [
  ["memory", async () => memoryLimits],
  ["redis", async () => redisStore(`t${++n}:`)],
];

describe.each(stores)("%s limit store", (_name, make) => {
  it("backoff: locks a key after max failures for one window, doubling the next lock; others stay free", async () => {
    const counter = (await make()).backoff("login", 3, 10_000);
    await counter.fail("a");
    await counter.fail("a");
    expect(await counter.lockedFor("a")).toBe(0);
    expect(await counter.remembers("a")).toBe(true);
    await counter.fail("a");
    const first = await counter.lockedFor("a");
    expect(first).toBeGreaterThan(9_000);
    expect(first).toBeLessThanOrEqual(10_000);
    expect(await counter.lockedFor("b")).toBe(0);
    expect(await counter.remembers("b")).toBe(false);
    await counter.reset("a");
    expect(await counter.lockedFor("a")).toBe(0);
    expect(await counter.remembers("a")).toBe(false);
  });

  it("backoff: a second lockout lasts twice as long", async () => {
    const counter = (await make()).backoff("login", 1, 50);
    await counter.fail("k");
    expect(await counter.lockedFor("k")).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 70));
    expect(await counter.lockedFor("k")).toBe(0);
    await counter.fail("k");
    expect(await counter.lockedFor("k")).toBeGreaterThan(50);
  });

  it("token bucket: a quiet key spends its burst, then waits whole seconds; keys are apart", async () => {
    const bucket = (await make()).tokenBucket("api", 1, 3);
    expect([await bucket.take("c1"), await bucket.take("c1"), await bucket.take("c1")]).toEqual([0, 0, 0]);
    expect(await bucket.take("c1")).toBe(1);
    expect(await bucket.take("c2")).toBe(0);
  });
});

describe("redis limit store across processes", () => {
  it("two processes' failures count together, atomically", async () => {
    const [a, b] = [await redisStore("shared:"), await redisStore("shared:")];
    const onA = a.backoff("login", 10, 60_000);
    const onB = b.backoff("login", 10, 60_000);
    // 10 failures at once, half through each process: exactly the limit, so the key is locked.
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? onA : onB).fail("ip email")));
    expect(await onA.lockedFor("ip email")).toBeGreaterThan(0);
    expect(await onB.lockedFor("ip email")).toBeGreaterThan(0);
  });

  it("two processes spend one bucket: the burst is the burst of the deployment, not of each process", async () => {
    const [a, b] = [await redisStore("bucket:"), await redisStore("bucket:")];
    const onA = a.tokenBucket("api", 0.001, 10);
    const onB = b.tokenBucket("api", 0.001, 10);
    const waits = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? onA : onB).take("connection:1")));
    expect(waits.filter((w) => w === 0)).toHaveLength(10);
  });
});
