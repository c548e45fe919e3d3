import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { AppError } from "../errors.ts";
import type { AppEnv } from "../http/env.ts";
import type { Kernel } from "../kernel.ts";

const Health = z.object({ status: z.literal("ok") }).openapi("Health");
const Ready = z
  .object({
    ready: z.boolean(),
    checks: z
      .record(z.string(), z.string())
      .openapi({ description: 'Each check ("database", "redis", …) and "ok" or why it failed; "server": "starting" | "draining" while not serving' }),
  })
  .openapi("Ready");
const Problem = z.object({ error: z.string() });

const health = createRoute({
  method: "get",
  path: "/health",
  tags: ["system"],
  summary: "Liveness: 200 while the process serves requests",
  responses: { 200: { description: "The process is alive", content: { "application/json": { schema: Health } } } },
});

const ready = createRoute({
  method: "get",
  path: "/ready",
  tags: ["system"],
  summary: "Readiness: 200 once migrations ran and the database (and Redis, when configured) answer; 503 while starting, on a failed check, and once shutdown began",
  responses: {
    200: { description: "Ready for traffic", content: { "application/json": { schema: Ready } } },
    503: { description: "Not ready: keep it out of the load balancer", content: { "application/json": { schema: Ready } } },
  },
});

const metrics = createRoute({
  method: "get",
  path: "/metrics",
  tags: ["system"],
  summary: "Prometheus metrics (text format 0.0.4), with `Authorization: Bearer $METRICS_TOKEN`; 404 while METRICS_TOKEN is unset",
  responses: {
    200: { description: "The metrics", content: { "text/plain": { schema: z.string() } } },
    403: { description: "ERR_INVALID_TOKEN: a missing or wrong bearer token", content: { "application/json": { schema: Problem } } },
    404: { description: "ERR_NOT_FOUND: metrics are off (METRICS_TOKEN unset)", content: { "application/json": { schema: Problem } } },
  },
});

/** Compares without an early exit, so the time taken tells nothing about the token. */
function sameToken(given: string, expected: string): boolean {
  let diff = given.length ^ expected.length;
  for (let i = 0; i < expected.length; i++) diff |= (given.charCodeAt(i) | 0) ^ expected.charCodeAt(i);
  return diff === 0;
}

/**
 * /health, /ready and /metrics: for the operator's load balancer and Prometheus, on every
 * process, outside any company (no session). Not routes of a plugin: they answer whatever
 * plugins are installed.
 */
export function registerHealthRoutes(app: OpenAPIHono<AppEnv>, kernel: Kernel) {
  app.openapi(health, (c) => c.json({ status: "ok" as const }, 200));
  app.openapi(ready, async (c) => {
    const report = await kernel.readiness.report();
    return c.json(report, report.ready ? 200 : 503);
  });
  app.openapi(metrics, async (c) => {
    const token = kernel.config.METRICS_TOKEN;
    if (!token) throw new AppError("ERR_NOT_FOUND");
    const given = /^Bearer (.+)$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
    if (!sameToken(given, token)) throw new AppError("ERR_INVALID_TOKEN");
    c.header("cache-control", "no-store");
    return c.text(await kernel.metrics.render(), 200, { "content-type": "text/plain; version=0.0.4; charset=utf-8" });
  });
}
