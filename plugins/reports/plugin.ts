import type { DeclaredErrors } from "../../core/errors.ts";
import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * Dashboard, ticket reports and the real-time panel (spec 002 §2.14–2.16, §7 "Dashboard,
 * reports and panel"; issue 28). Reads only the tickets plugin's published read views and the
 * names other plugins publish; writes nothing. No plan flag: every company has it; a profile
 * user needs `showDashboard` (dashboard, reports) or `allowRealTime` (the panel); admins always.
 */
export const manifest = definePlugin({
  id: "reports",
  dependsOn: ["tickets", "contacts", "connections", "queues", "companies", "office-hours"],
  requires: ["tickets.board", "queues.forBot", "companies.officeHours"],
  errors: {
    /** A profile user without showDashboard (dashboard, reports) or allowRealTime (the panel). */
    ERR_REPORTS_FORBIDDEN: 403,
  },
});

/** Types the codes declared above for `new AppError(...)` (core/errors.ts). */
declare module "../../core/errors.ts" {
  interface ErrorCodes extends DeclaredErrors<typeof manifest> {}
}
