import { z } from "@hono/zod-openapi";
import { and, count, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../../../../core/db/database.ts";
import { routeFactory } from "../../../../core/http/route.ts";
import { jsonResponse as json } from "../../../../core/http/schemas.ts";
import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { ticketLogsView, ticketRatingsView, ticketsView } from "../schema/ticket-views.ts";

/*
 * A report over the tickets plugin's published views (issue 24), as a dashboard plugin would
 * write one: per day (UTC) of the company's tickets created in the range, how many were
 * accepted and resolved, the mean wait (created -> accepted) and support (accepted -> closed)
 * times; and over the range, the ratings and the transfers. No table of tickets is read.
 */

const Day = z.iso.date({ message: "Invalid date" });

export const ReportQuery = z
  .object({
    from: Day.optional().openapi({ description: "First day (UTC), default the first of the month" }),
    to: Day.optional().openapi({ description: "Last day (UTC), included; default today" }),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "Must not be before from", path: ["to"] });

export const Report = z
  .object({
    from: z.string(),
    to: z.string(),
    days: z.array(
      z.object({
        day: z.string(),
        tickets: z.number().int(),
        accepted: z.number().int(),
        closed: z.number().int(),
        meanWaitSeconds: z.number().nullable(),
        meanSupportSeconds: z.number().nullable(),
      }),
    ),
    ratings: z.object({ count: z.number().int(), mean: z.number().nullable() }),
    transfers: z.number().int(),
  })
  .openapi("ScratchReport");

export const report = routeFactory(manifest)({
  method: "get",
  path: "/scratch-board/report",
  access: "admin",
  description: "The company's tickets per day with their mean wait and support times, from the tickets plugin's read views.",
  request: { query: ReportQuery },
  responses: { 200: json(Report, "The report of the range") },
});

const seconds = (later: unknown, earlier: unknown) => sql<number | null>`avg((julianday(${later}) - julianday(${earlier})) * 86400)`;
const rounded = (n: number | null) => (n === null ? null : Math.round(n * 1000) / 1000);

/** The report of [from, to] (days, UTC) for one company; every read is a range of its own rows. */
export async function ticketReport(db: Db, companyId: number, from: string, to: string): Promise<z.infer<typeof Report>> {
  const start = `${from}T00:00:00.000Z`;
  const end = new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000).toISOString();
  const t = ticketsView;
  const day = sql<string>`substr(${t.createdAt}, 1, 10)`;
  const days = await db
    .select({
      day,
      tickets: count(),
      accepted: count(t.acceptedAt),
      closed: count(t.closedAt),
      meanWait: seconds(t.acceptedAt, t.createdAt),
      meanSupport: seconds(t.closedAt, t.acceptedAt),
    })
    .from(t)
    .where(and(eq(t.companyId, companyId), gte(t.createdAt, start), lt(t.createdAt, end)))
    .groupBy(day)
    .orderBy(day);
  const r = ticketRatingsView;
  const [ratings] = await db
    .select({ count: count(), mean: sql<number | null>`avg(${r.rate})` })
    .from(r)
    .where(and(eq(r.companyId, companyId), gte(r.createdAt, start), lt(r.createdAt, end)));
  const l = ticketLogsView;
  const [transfers] = await db
    .select({ n: count() })
    .from(l)
    .where(and(eq(l.companyId, companyId), eq(l.type, "transfered"), gte(l.createdAt, start), lt(l.createdAt, end)));
  return {
    from,
    to,
    days: days.map((d) => ({
      day: d.day,
      tickets: d.tickets,
      accepted: d.accepted,
      closed: d.closed,
      meanWaitSeconds: rounded(d.meanWait),
      meanSupportSeconds: rounded(d.meanSupport),
    })),
    ratings: { count: ratings?.count ?? 0, mean: rounded(ratings?.mean ?? null) },
    transfers: transfers?.n ?? 0,
  };
}

/** The route's thin handler; the company always comes from the token. */
export function registerReport(ctx: PluginContext): void {
  ctx.router.openapi(report, async (c) => {
    const q = c.req.valid("query");
    const today = new Date().toISOString().slice(0, 10);
    const from = q.from ?? `${today.slice(0, 8)}01`;
    return c.json(await ticketReport(ctx.db, c.get("user").companyId, from, q.to ?? today), 200);
  });
}
