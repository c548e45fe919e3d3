import type { z } from "@hono/zod-openapi";
import type { MediaUpload, Schedule, ScheduleInput, SchedulePage, ScheduleQuery } from "../server/schedules.schemas.ts";

/**
 * The schedule shapes, written once: inferred from the server's zod schemas (type-only
 * imports, so the web bundles none of the server's code).
 */
export type ScheduleView = z.infer<typeof Schedule>;
export type SchedulePageView = z.infer<typeof SchedulePage>;
/** What POST /schedules accepts (before defaults), as the dialog sends it. */
export type ScheduleInputBody = z.input<typeof ScheduleInput>;
/** The parsed input the service receives. */
export type ScheduleFields = z.output<typeof ScheduleInput>;
export type ScheduleListQuery = z.input<typeof ScheduleQuery>;
export type ScheduleMediaUpload = z.infer<typeof MediaUpload>;
/** `company-{id}-schedule` payloads (spec 000 §8). */
export type ScheduleEvent = { action: "create" | "update"; schedule: ScheduleView } | { action: "delete"; scheduleId: number };
