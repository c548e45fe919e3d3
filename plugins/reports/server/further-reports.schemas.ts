import { z } from "@hono/zod-openapi";
import { DashboardQuery } from "./reports.schemas.ts";

/* The further reports' shapes (group attendance, ticket duration, survey results; issue 28). */

/** The dashboard's query; businessHours=true counts the support times in office hours (the survey has none). */
export const FurtherQuery = DashboardQuery;

export const FURTHER_REPORTS = ["group-attendance", "ticket-duration", "survey-results"] as const;

export const FurtherExportParams = z.object({
  report: z.enum(FURTHER_REPORTS).openapi({ param: { name: "report", in: "path" } }),
  format: z.enum(["pdf", "zip"]).openapi({ param: { name: "format", in: "path" } }),
});

const range = { from: z.string(), to: z.string() };
const truncated = z.boolean().openapi({ description: `More than the answer's rows matched (at most 5,000)` });

export const GroupAttendance = z
  .object({
    ...range,
    truncated,
    rows: z.array(
      z.object({
        groupId: z.number().int(),
        groupName: z.string().nullable(),
        userId: z.number().int().nullable(),
        userName: z.string().nullable(),
        tickets: z.number().int(),
        resolved: z.number().int(),
        avgSupportMinutes: z.number().nullable(),
      }),
    ),
  })
  .openapi("GroupAttendanceReport");

export const TicketDuration = z
  .object({
    ...range,
    truncated,
    buckets: z.array(z.number().int()).openapi({ description: "Upper bounds of the first buckets in minutes ([0,15), [15,60), [60,240), [240,1440), ≥1440)" }),
    rows: z.array(
      z.object({
        queueId: z.number().int().nullable(),
        queueName: z.string().nullable(),
        buckets: z.array(z.number().int()),
        total: z.number().int(),
      }),
    ),
  })
  .openapi("TicketDurationReport");

const NpsSplit = {
  answers: z.number().int(),
  promoters: z.number().int(),
  passives: z.number().int(),
  detractors: z.number().int(),
  npsScore: z.number(),
};

export const SurveyResults = z
  .object({
    ...range,
    distribution: z.array(z.number().int()).length(11).openapi({ description: "Answers per score, index = the score 0–10" }),
    totals: z.object(NpsSplit),
    attendants: z.array(z.object({ userId: z.number().int().nullable(), userName: z.string().nullable(), ...NpsSplit })),
  })
  .openapi("SurveyResultsReport");
