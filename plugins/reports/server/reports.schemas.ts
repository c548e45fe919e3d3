import { z } from "@hono/zod-openapi";

/*
 * The shapes of the reports API (spec 002 §3 Dashboard counters, Attendant row, Ticket report
 * row; §7 Dashboard, reports and panel). Days are YYYY-MM-DD (UTC days, the last included).
 */

const TICKET_STATUSES = ["pending", "open", "closed", "group", "nps", "lgpd"] as const;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Invalid date")
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "Invalid date");

/** A day, or an ISO instant whose day is taken (older clients send either). */
const dayLike = z
  .string()
  .transform((v, ctx) => {
    const d = v.slice(0, 10);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(d) || Number.isNaN(Date.parse(`${d}T00:00:00Z`))) {
      ctx.addIssue({ code: "custom", message: "Invalid date" });
      return z.NEVER;
    }
    return d;
  })
  .openapi({ type: "string", example: "2030-01-31" });

const flag = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === "true" || v === "1"));

/** A query parameter carrying a JSON array (`users=[1,2]`) or one value (`whatsappId=3`); malformed → 400 ERR_VALIDATION. */
function idsOrOne<T extends z.ZodType>(item: T, description: string) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): z.output<T>[] => {
      if (raw === undefined || raw.trim() === "") return [];
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        value = raw;
      }
      const parsed = z
        .array(item)
        .max(500, "Too Long!")
        .safeParse(Array.isArray(value) ? value : [value]);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: "Invalid JSON array" });
        return z.NEVER;
      }
      return parsed.data;
    })
    .openapi({ type: "string", description, example: "[1,2]" });
}
const id = z.coerce.number().int().positive();

const Duration = z
  .object({ count: z.number().int(), avg: z.number(), median: z.number(), p90: z.number() })
  .openapi("ReportDuration", { description: "Durations in minutes: how many, mean, median and 90th percentile (nearest rank)" });

export const DashboardQuery = z.object({
  days: z.coerce.number().int().min(1).max(400).optional().openapi({ description: "The last N days ending today (when date_from is not given)" }),
  date_from: day.optional().openapi({ description: "First day; default the first of the month" }),
  date_to: day.optional().openapi({ description: "Last day, included; default today" }),
  businessHours: flag.openapi({ type: "string", enum: ["true", "false"], description: "Durations counted only inside the queue's office hours (the company's without one)" }),
});

export const DashboardCounters = z
  .object({
    supportHappening: z.number().int().openapi({ description: "Open (attended) tickets" }),
    supportPending: z.number().int().openapi({ description: "Pending (waiting in a queue) tickets" }),
    supportFinished: z.number().int().openapi({ description: "Resolved tickets (closed, or nps: rating asked)" }),
    supportGroups: z.number().int().openapi({ description: "Group tickets" }),
    leads: z.number().int().openapi({ description: "Distinct contacts served" }),
    avgSupportTime: z.number().openapi({ description: "Mean support time (closed − first accepted), minutes" }),
    avgWaitTime: z.number().openapi({ description: "Mean wait (first accepted − entered the queue; bot time excluded), minutes" }),
    activeTickets: z.number().int().openapi({ description: "Opened by the company (an attendant)" }),
    passiveTickets: z.number().int().openapi({ description: "Opened by the customer" }),
    npsScore: z.number().openapi({ description: "%promoters (9–10) − %detractors (0–6)" }),
    npsPromotersPerc: z.number(),
    npsDetractorsPerc: z.number(),
    npsPassivePerc: z.number(),
    tickets: z.number().int(),
    waitRating: z.number().int().openapi({ description: "Rating asked, not answered yet" }),
    withoutRating: z.number().int().openapi({ description: "Closed without a rating" }),
    withRating: z.number().int(),
    percRating: z.number().openapi({ description: "Rated ÷ resolved, %" }),
    supportTime: Duration,
    waitTime: Duration,
    firstResponseTime: Duration.openapi({
      description: "First response: first human reply − the customer's first message after the queue entry (accepted tickets that have both)",
    }),
  })
  .openapi("DashboardCounters");

export const AttendantRow = z
  .object({
    id: z.number().int(),
    name: z.string(),
    rating: z.number().openapi({ description: "Mean NPS answer (0–10) of the attendant's rated tickets" }),
    countRating: z.number().int(),
    tickets: z.number().int(),
    avgWaitTime: z.number(),
    avgSupportTime: z.number(),
    online: z.boolean(),
    supportTime: Duration,
    waitTime: Duration,
    firstResponseTime: Duration,
  })
  .openapi("DashboardAttendant");

export const Dashboard = z
  .object({ from: z.string(), to: z.string(), counters: DashboardCounters, attendants: z.array(AttendantRow) })
  .openapi("Dashboard", { description: "Counters and attendant rows over the tickets created in the range" });

export const ChartQuery = z.object({
  initialDate: dayLike.optional().openapi({ description: "First day; default the first of the month" }),
  finalDate: dayLike.optional().openapi({ description: "Last day, included; default today" }),
  companyId: z.string().optional().openapi({ description: "Ignored: the company is the caller's" }),
});

export const TicketsDay = z
  .object({ data: z.array(z.object({ date: z.string(), total: z.number().int() })), count: z.number().int() })
  .openapi("DashboardTicketsDay", { description: "Tickets created per day (UTC), every day of the range" });

export const TicketsUsers = z
  .object({ data: z.array(z.object({ userId: z.number().int(), name: z.string(), total: z.number().int() })) })
  .openapi("DashboardTicketsUsers", { description: "Tickets created in the range per attendant holding them, most first" });

export const REPORT_MAX_PAGE_SIZE = 9_999_999;

const reportFilters = {
  searchParam: z.string().max(200, "Too Long!").optional().openapi({ description: "Part of the contact's name or the last message, or a ticket id" }),
  contactId: id.optional(),
  whatsappId: idsOrOne(id, "Connection ids (JSON array or one id)"),
  users: idsOrOne(id, "Attendant ids (JSON array)"),
  queueIds: idsOrOne(id, "Queue ids (JSON array)"),
  status: idsOrOne(z.enum(TICKET_STATUSES), 'Statuses (JSON array, e.g. ["open","closed"])'),
  dateFrom: dayLike.optional().openapi({ description: "First day of creation; default the first of the month" }),
  dateTo: dayLike.optional().openapi({ description: "Last day of creation, included; default today" }),
  onlyRated: flag.openapi({ type: "string", enum: ["true", "false"], description: "Only rated tickets" }),
  businessHours: flag.openapi({
    type: "string",
    enum: ["true", "false"],
    description: "supportTime counted only inside the queue's office hours: a page up to 1000 rows and the .xlsx/.csv export",
  }),
};

export const ReportQuery = z.object({
  ...reportFilters,
  page: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(REPORT_MAX_PAGE_SIZE)
    .optional()
    .default(10)
    .openapi({ description: "5, 10, 20 or 50 in the screen; the export asks 9999999 (streamed, read in chunks)" }),
});

export const ReportExportQuery = z.object(reportFilters);
export const ReportFormatParam = z.object({ format: z.enum(["xlsx", "csv"]).openapi({ param: { name: "format", in: "path" } }) });

export const ReportRow = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    whatsappName: z.string().nullable(),
    contactName: z.string().nullable(),
    userName: z.string().nullable(),
    queueName: z.string().nullable(),
    queueColor: z.string().nullable(),
    status: z.string(),
    lastMessage: z.string(),
    createdAt: z.string(),
    closedAt: z.string().nullable(),
    supportTime: z.number().nullable().openapi({ description: "closed − first accepted, minutes; null while not resolved" }),
    NPS: z.number().int().nullable().openapi({ description: "The NPS answer 0–10; null unrated" }),
  })
  .openapi("TicketReportRow");

export const ReportPage = z.object({ tickets: z.array(ReportRow), totalTickets: z.object({ total: z.number().int() }) }).openapi("TicketReportPage");

export const MomentsQuery = z.object({
  status: z.enum(["open", "pending"]).optional(),
  showAll: flag.openapi({ type: "string", enum: ["true", "false"] }),
  queueIds: idsOrOne(id, "Queue ids (JSON array)"),
  dateStart: day.optional().openapi({ description: "First day of last activity; default 30 days ago" }),
  dateEnd: day.optional().openapi({ description: "Last day of last activity, included; default now" }),
  userId: id.optional(),
});

const Named = z.object({ id: z.number().int(), name: z.string() });
export const MomentTicket = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    status: z.string(),
    contact: z.object({ id: z.number().int(), name: z.string(), urlPicture: z.string().nullable() }),
    lastMessage: z.string(),
    whatsapp: Named.nullable(),
    queue: z.object({ id: z.number().int(), name: z.string(), color: z.string().nullable() }).nullable(),
    user: Named.nullable(),
    unreadMessages: z.number().int(),
    updatedAt: z.string(),
    canOpen: z.boolean().openapi({ description: "The viewer may open it from the panel: an admin any ticket, others their own" }),
    sla: z
      .object({ state: z.enum(["ok", "warning", "breached"]), warnAt: z.string(), dueAt: z.string() })
      .nullable()
      .openapi({ description: "While no human replied yet in a queue with a first-response target: warning from 80 % of it elapsed (warnAt), breached past it (dueAt)" }),
  })
  .openapi("MomentTicket");

export const MomentsList = z.array(MomentTicket).openapi("DashboardMoments");
export const UsersMoments = z
  .array(z.object({ user: Named.nullable().openapi({ description: "null: Pendentes (no attendant yet)" }), tickets: z.array(MomentTicket) }))
  .openapi("UsersMoments");
