import { z } from "@hono/zod-openapi";
import { DashboardQuery } from "./reports.schemas.ts";

/* The shapes of the SLA routes (issue 28 "SLA per queue"). Minutes, a year at most. */

const minutes = z.number().int("Must be whole minutes").min(1, "At least 1 minute").max(525_600, "At most a year (525600 minutes)").nullable();

export const SlaTargetInput = z.object({
  queueId: z.number().int().positive(),
  firstResponseMinutes: minutes.openapi({ description: "Target from the customer's first message (after the queue entry) to a human's first reply; null: none" }),
  resolutionMinutes: minutes.openapi({ description: "Target from the queue entry to the resolution; null: none" }),
});

export const SlaTargetsBody = z
  .object({ targets: z.array(SlaTargetInput).max(500, "Too Long!") })
  .openapi("SlaTargetsInput", { description: "The whole set: a queue not named has no targets" });

export const SlaTargets = z
  .object({
    targets: z.array(
      SlaTargetInput.extend({ queueName: z.string(), queueColor: z.string() }).openapi("SlaTarget", { description: "A queue of the company and its targets (null: none)" }),
    ),
  })
  .openapi("SlaTargets");

/** `true`/`1` or `false`/`0`; anything else is a 400. */
export const queryFlag = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((v) => v === "true" || v === "1")
  .openapi({ type: "string", enum: ["true", "false"] });

export const SlaComplianceQuery = DashboardQuery;

const Figure = z
  .object({
    targetMinutes: z.number().int(),
    met: z.number().int(),
    missed: z.number().int().openapi({ description: "Came after the target, or has not come and the target passed" }),
    running: z.number().int().openapi({ description: "Inside the target, not answered (resolved) yet: in neither count" }),
    perc: z.number().nullable().openapi({ description: "met ÷ (met + missed), %; null without tickets" }),
  })
  .nullable()
  .openapi("SlaFigure");

export const SlaCompliance = z
  .object({
    from: z.string(),
    to: z.string(),
    businessHours: z.boolean(),
    queues: z.array(
      z.object({ queueId: z.number().int(), queueName: z.string(), queueColor: z.string(), firstResponse: Figure, resolution: Figure }).openapi("SlaQueueCompliance"),
    ),
  })
  .openapi("SlaCompliance", { description: "% of the range's tickets that met each queue's targets" });
