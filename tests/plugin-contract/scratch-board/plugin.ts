import type { DeclaredErrors } from "../../../core/errors.ts";
import { definePlugin } from "../../../core/plugin/manifest.ts";

/**
 * A scratch feature plugin, the proof of issue 12's "a feature is one folder" (tests in
 * ../scratch-board.test.ts and ../scratch-board-web.test.tsx; not registered in
 * plugins/server.ts). It declares its own plan feature (off by default, gating it), its error
 * codes, a company-scoped table, a job, routes, an event, a page, a menu entry, a ticket
 * composer tool, a hand-over provider (issue 24) and four locales. Nothing outside this folder knows it.
 */
export const manifest = definePlugin({
  id: "scratch-board",
  planFeatures: [{ key: "useScratchBoard", label: "scratch-board:planFeature", default: false }],
  planFlag: "useScratchBoard",
  // Its report reads the tickets plugin's published views (server/report.ts); its hand-over
  // provider (server/echo-hand-over.ts) registers with automation, writes tickets' bot writes and
  // vouches for its references with the queues plugin's registry.
  dependsOn: ["automation", "tickets", "queues"],
  requires: ["automation.registerHandOver", "queues.registerReference"],
  errors: {
    ERR_NO_SCRATCH_CARD_FOUND: 404,
    /** A company's card titles are unique. */
    ERR_SCRATCH_CARD_DUPLICATE: 409,
  },
});

/** Types the key declared above, as a real plugin does. */
declare module "../../../core/plugin/plan-features.ts" {
  interface PlanFeatures {
    useScratchBoard: true;
  }
}

/** Types the codes declared above for `new AppError(...)`. */
declare module "../../../core/errors.ts" {
  interface ErrorCodes extends DeclaredErrors<typeof manifest> {}
}
