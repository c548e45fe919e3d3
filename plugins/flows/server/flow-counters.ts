import { z } from "@hono/zod-openapi";
import { and, eq, gte, sql } from "drizzle-orm";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Db } from "../../../core/db/database.ts";
import { AppError } from "../../../core/errors.ts";
import type { AppEnv } from "../../../core/http/env.ts";
import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, jsonResponse as json, pathId } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import { flowNodeCounts, flows, flowVersions } from "../schema/tables.ts";
import { counterDay } from "./flow-runtime.ts";
import { graphOf } from "./flows.service.ts";

/** The window the editor shows: today and the 29 days before it (UTC days). */
export const COUNTER_DAYS = 30;

export const FlowCounters = z
  .object({
    /** The first instant counted (00:00 UTC of the window's first day). */
    since: z.string(),
    /** Conversations that reached each node within the window; every node of the published version is listed (0 when none). */
    counters: z.record(z.string(), z.number()),
  })
  .openapi("FlowCounters");

export const counters = routeFactory(manifest)({
  method: "get",
  path: "/flowbuilder/{idFlow}/counters",
  access: "user",
  description: "How many conversations reached each node of the flow in the last 30 days (a node counts once per run of the flow on a ticket), for the editor's canvas.",
  request: { params: z.object({ idFlow: pathId("idFlow") }) },
  responses: { 200: json(FlowCounters, "Counts per node id since `since`"), 404: errorResponse("ERR_NO_FLOW_FOUND (or another company's)") },
});

/** The counters of a company's flow: the daily rows of the window summed per node. */
export async function flowCounters(db: Db, companyId: number, flowId: number, now = new Date()) {
  const [flow] = await db
    .select({ versionId: flows.versionId })
    .from(flows)
    .where(and(eq(flows.id, flowId), eq(flows.companyId, companyId)))
    .limit(1);
  if (!flow) throw new AppError("ERR_NO_FLOW_FOUND");
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (COUNTER_DAYS - 1)));
  const out: Record<string, number> = {};
  if (flow.versionId) {
    const [version] = await db.select().from(flowVersions).where(eq(flowVersions.id, flow.versionId)).limit(1);
    for (const n of version ? graphOf(version).nodes : []) if (typeof n?.id === "string") out[n.id] = 0;
  }
  const rows = await db
    .select({ nodeId: flowNodeCounts.nodeId, n: sql<number>`sum(${flowNodeCounts.count})` })
    .from(flowNodeCounts)
    .where(and(eq(flowNodeCounts.flowId, flowId), eq(flowNodeCounts.companyId, companyId), gte(flowNodeCounts.day, counterDay(first))))
    .groupBy(flowNodeCounts.nodeId);
  for (const r of rows) out[r.nodeId] = Number(r.n);
  return { since: first.toISOString(), counters: out };
}

export function registerCounterHandlers(router: OpenAPIHono<AppEnv>, db: Db) {
  router.openapi(counters, async (c) => c.json(await flowCounters(db, c.get("user").companyId, c.req.valid("param").idFlow), 200));
}
