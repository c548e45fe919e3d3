import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * The kanban board (spec 002 §2.17, §4.3; spec 000 §4 "Kanban stage", §7 kanban calls): lanes
 * are the company's tags with `kanban = 1` (owned by the tags plugin), a ticket's lane is one
 * of its ticket tags (owned by the tickets plugin). This plugin answers `GET /tag/kanban` and
 * `GET /ticket/kanban`, moves a ticket between lanes in one transaction (`PUT /ticket/kanban/{ticketId}`, the board's drag), moves tickets on by the lanes' timers (`timeLane`, `nextLaneId`,
 * `greetingMessageLane`) and back on a customer's message (`rollbackLaneId`), and brings the
 * /kanban and /TagsKanban pages and the ticket's stage selector. Gated by `useKanban`, which
 * it declares (it moved here from the plans plugin's catalogue; stored values keep their key).
 */
export const manifest = definePlugin({
  id: "kanban",
  dependsOn: ["tags", "tickets"],
  requires: ["tickets.openable", "tickets.board", "tickets.moveTag", "tickets.swapTags", "tickets.sendToContact"],
  planFeatures: [{ key: "useKanban", label: "kanban:planFeature", default: true }],
  planFlag: "useKanban",
});

/** Types the plan feature declared above (planFlag, `planFeatures.enabled`). */
declare module "../../core/plugin/plan-features.ts" {
  interface PlanFeatures {
    useKanban: true;
  }
}
