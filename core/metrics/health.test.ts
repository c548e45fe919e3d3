import { afterEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin } from "../../tests/support/fixtures.ts";
import { apiConversation } from "../../tests/support/api-conversation.ts";
import { createTestKernel, type TestKernel } from "../../tests/support/test-kernel.ts";

const TOKEN = "metrics-token-for-the-tests";
let t: TestKernel | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** The value of one series of the exposition text, or undefined. */
const sample = (text: string, series: string) => {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe("health, readiness and metrics", () => {
  it("/health answers 200 without a session, with or without a trailing slash", async () => {
    t = await createTestKernel();
    for (const path of ["/health", "/health/"]) {
      const res = await t.call("GET", path);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: "ok" });
    }
  });

  it("/ready is 503 until the kernel started, 200 with every check ok, 503 when a check fails and once shutdown began", async () => {
    t = await createTestKernel();
    const before = await t.call("GET", "/ready");
    expect(before.status).toBe(503);
    expect(before.body).toMatchObject({ ready: false, checks: { database: "ok", server: "starting" } });
    await t.kernel.start();
    const ok = await t.call("GET", "/ready/");
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ready: true, checks: { database: "ok" } });
    // A plugged-in check (the Redis client registers one the same way) that fails turns it off.
    let redisUp = false;
    t.kernel.readiness.add("redis", async () => {
      if (!redisUp) throw new Error("connection refused");
    });
    const down = await t.call("GET", "/ready");
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ ready: false, checks: { database: "ok", redis: "connection refused" } });
    redisUp = true;
    expect((await t.call("GET", "/ready")).status).toBe(200);
    t.kernel.readiness.draining();
    expect((await t.call("GET", "/ready")).body).toMatchObject({ ready: false, checks: { server: "draining" } });
  });

  it("/metrics is 404 while METRICS_TOKEN is unset", async () => {
    t = await createTestKernel();
    const res = await t.call("GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: "ERR_NOT_FOUND" });
  });

  it("/metrics wants the bearer token and serves requests, latencies, messages, jobs, sockets and sessions in Prometheus text", async () => {
    t = await createTestKernel({ env: { METRICS_TOKEN: TOKEN } });
    for (const authorization of [undefined, "Bearer wrong-token-of-some-length", `Basic ${TOKEN}`]) {
      const res = await t.call("GET", "/metrics", { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: "ERR_INVALID_TOKEN" });
    }
    const admin = await createCompanyWithAdmin(t, "Metrics");
    await t.call("GET", "/tickets/999999", { token: admin.token });
    const chat = await apiConversation(t, admin.token);
    try {
      await chat.says("Olá, preciso de ajuda");
      // Handler runs of this process, by outcome: summed over processes, a cron tick's is 1 (tests/scale).
      t.kernel.jobs.define("metrics.ran", async () => undefined);
      t.kernel.jobs.define("metrics.throws", async () => {
        throw new Error("on purpose");
      });
      await t.kernel.jobs.enqueue("metrics.ran", {});
      await t.kernel.jobs.enqueue("metrics.throws", {});
      while ((await t.kernel.jobs.runDue()) > 0);
      // Jobs waiting: one overdue by a minute, one due in an hour (counted, but not late).
      await t.kernel.jobs.enqueue("metrics.late", {}, { dueAt: Date.now() - 60_000 });
      await t.kernel.jobs.enqueue("metrics.later", {}, { dueAt: Date.now() + 3_600_000 });
      const res = await t.call("GET", "/metrics/", { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = res.body as string;
      expect(text).toContain("# TYPE atende_http_requests_total counter");
      expect(sample(text, 'atende_http_requests_total{method="GET",route="/tickets/:id",status="404"}')).toBe(1);
      expect(sample(text, 'atende_http_requests_total{method="POST",route="/channels/api/inbound",status="200"}')).toBe(1);
      expect(sample(text, 'atende_http_request_duration_seconds_count{method="POST",route="/channels/api/inbound"}')).toBe(1);
      expect(sample(text, 'atende_http_request_duration_seconds_bucket{method="POST",route="/channels/api/inbound",le="+Inf"}')).toBe(1);
      expect(sample(text, 'atende_messages_total{direction="inbound"}')).toBe(1);
      expect(text).toContain("# TYPE atende_jobs_queued gauge");
      expect(sample(text, 'atende_jobs_queued{kind="metrics.late",status="pending"}')).toBe(1);
      expect(sample(text, 'atende_jobs_queued{kind="metrics.later",status="pending"}')).toBe(1);
      expect(sample(text, 'atende_jobs_lag_seconds{kind="metrics.late"}')).toBeGreaterThanOrEqual(60);
      expect(sample(text, 'atende_jobs_lag_seconds{kind="metrics.later"}')).toBe(0);
      expect(text).toContain("# TYPE atende_jobs_runs_total counter");
      expect(sample(text, 'atende_jobs_runs_total{kind="metrics.ran",outcome="done"}')).toBe(1);
      expect(sample(text, 'atende_jobs_runs_total{kind="metrics.throws",outcome="error"}')).toBe(1);
      expect(sample(text, 'atende_jobs_runs_total{kind="metrics.throws",outcome="done"}')).toBeUndefined();
      expect(sample(text, "atende_realtime_sockets")).toBe(0);
      expect(sample(text, "atende_whatsapp_sessions")).toBe(0);
      const started = sample(text, "process_start_time_seconds");
      expect(started).toBeGreaterThan(Date.now() / 1000 - 600);
      expect(started).toBeLessThanOrEqual(Date.now() / 1000);
    } finally {
      await chat.close();
    }
  });
});
