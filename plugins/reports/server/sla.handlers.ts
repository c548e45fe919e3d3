import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../core/http/env.ts";
import type { BusinessHoursService } from "./business-hours.service.ts";
import { ensureMayView } from "./report-access.ts";
import { rangeOf } from "./report-range.ts";
import type { SlaService } from "./sla.service.ts";
import * as r from "./sla.routes.ts";

/** Thin handlers of the SLA routes: the company from the token, the dashboard's permission to read, admins to write (the route's access). */
export function registerSlaHandlers(router: OpenAPIHono<AppEnv>, sla: SlaService, hours: BusinessHoursService) {
  router.openapi(r.getSla, async (c) => {
    const user = c.get("user");
    ensureMayView(user, "dashboard");
    return c.json({ targets: await sla.targets.list(user.companyId) }, 200);
  });
  router.openapi(r.putSla, async (c) => {
    const user = c.get("user");
    return c.json({ targets: await sla.targets.replace(user.companyId, c.req.valid("json").targets) }, 200);
  });
  router.openapi(r.slaCompliance, async (c) => {
    const user = c.get("user");
    ensureMayView(user, "dashboard");
    const q = c.req.valid("query");
    const range = rangeOf({ from: q.date_from, to: q.date_to, days: q.days });
    const [queues, compliance] = await Promise.all([
      sla.targets.list(user.companyId),
      sla.compliance(user.companyId, range, q.businessHours ? { elapsed: await hours.elapsedFor(user.companyId) } : {}),
    ]);
    const byQueue = new Map(compliance.map((x) => [x.queueId, x]));
    // In the queue list's order (by name), each with its name and colour.
    const rows = queues.flatMap((q) => {
      const x = byQueue.get(q.queueId);
      return x ? [{ ...x, queueName: q.queueName, queueColor: q.queueColor }] : [];
    });
    return c.json({ from: range.from, to: range.to, businessHours: q.businessHours === true, queues: rows }, 200);
  });
}
