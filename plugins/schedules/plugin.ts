import type { DeclaredErrors } from "../../core/errors.ts";
import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * Scheduled messages (spec 000 §2 /schedules, §3 Schedule, §4, §5, §7): a message to a
 * contact at a chosen time, optionally repeated, sent exactly once per occurrence through
 * the tickets plugin (`tickets.sendToContact`) by this plugin's sender. Gated by the plan
 * flag `useSchedules`, which this plugin declares.
 */
export const manifest = definePlugin({
  id: "schedules",
  dependsOn: ["contacts", "connections", "queues", "tickets"],
  requires: ["contacts.get", "connections.get", "tickets.sendToContact"],
  planFeatures: [{ key: "useSchedules", label: "schedules:planFeature", default: true }],
  planFlag: "useSchedules",
  errors: {
    ERR_NO_SCHEDULE_FOUND: 404,
    /** Editing a schedule (or its file) after it was sent: the spec's dialog hides submit then. */
    ERR_SCHEDULE_ALREADY_SENT: 400,
  },
});

/** Types the plan feature declared above (planFlag, `planFeatures.enabled`). */
declare module "../../core/plugin/plan-features.ts" {
  interface PlanFeatures {
    useSchedules: true;
  }
}

/** Types the codes declared above for `new AppError(...)` (core/errors.ts). */
declare module "../../core/errors.ts" {
  interface ErrorCodes extends DeclaredErrors<typeof manifest> {}
}
