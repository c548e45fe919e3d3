import type { DeclaredErrors } from "../../core/errors.ts";
import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * The flow builder and phrase campaigns (spec 002 §2.6–2.9, §3 Flow, Node, Flow campaign, §7):
 * visual conversation flows stored as versions, a pure engine that runs them as the hand-over
 * provider of kind `flow`, and the start rules (a phrase, a connection's welcome or "no phrase"
 * flow). Gated by the campaigns plan flag, as the spec's menu groups the flow builder with it.
 */
export const manifest = definePlugin({
  id: "flows",
  dependsOn: ["campaigns", "tickets", "automation", "queues", "connections"],
  requires: [
    "tickets.afterInbound",
    "tickets.botApply",
    "tickets.botContext",
    "tickets.recentMessages",
    "automation.registerHandOver",
    "automation.handOverKinds",
    "automation.startHandOver",
    "automation.handOverTicket",
    "queues.registerReference",
    "queues.referenceExists",
    "connections.get",
  ],
  planFlag: "useCampaigns",
  errors: {
    ERR_NO_FLOW_FOUND: 404,
    ERR_NO_FLOW_CAMPAIGN_FOUND: 404,
  },
});

/** Types the codes declared above for `new AppError(...)` (core/errors.ts). */
declare module "../../core/errors.ts" {
  interface ErrorCodes extends DeclaredErrors<typeof manifest> {}
}
