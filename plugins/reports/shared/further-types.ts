/** The further reports' JSON shapes, inferred from their zod schemas, for the web client. Type-only. */
import type { z } from "@hono/zod-openapi";
import type { FURTHER_REPORTS, GroupAttendance, SurveyResults, TicketDuration } from "../server/further-reports.schemas.ts";

export type FurtherReportName = (typeof FURTHER_REPORTS)[number];
export type GroupAttendanceAnswer = z.infer<typeof GroupAttendance>;
export type TicketDurationAnswer = z.infer<typeof TicketDuration>;
export type SurveyResultsAnswer = z.infer<typeof SurveyResults>;
