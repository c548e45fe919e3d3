import { z } from "@hono/zod-openapi";
import { officeHoursErrors, officeHoursMessages } from "../shared/validation.ts";
import { weekdayEnNames } from "../shared/week.ts";

const time = z.string().trim().optional().default("");
/** Validated against the seven names, typed as string like the stored rows. */
const weekdays = weekdayEnNames as readonly string[] as [string, ...string[]];

/** One weekday with two shifts, checked by the office-hours rules (shared/validation.ts). */
export const OfficeHoursDay = z
  .object({
    weekday: z.string().trim().min(1, "Required").max(30, "Muito extenso!"),
    weekdayEn: z.enum(weekdays, { error: "Dia da semana inválido" }),
    startTimeA: time,
    endTimeA: time,
    startTimeB: time,
    endTimeB: time,
  })
  .superRefine((day, ctx) => {
    for (const [path, problem] of Object.entries(officeHoursErrors(day))) ctx.addIssue({ code: "custom", path: [path], message: officeHoursMessages[problem] });
  })
  .openapi("OfficeHours");

/** A week of office hours (companies, queues, connections): each weekday at most once. */
export const OfficeHoursWeek = z
  .array(OfficeHoursDay)
  .max(7, "No máximo 7 dias")
  .refine((list) => new Set(list.map((d) => d.weekdayEn)).size === list.length, "Cada dia da semana só pode aparecer uma vez");
