import type { DeclaredErrors } from "../../core/errors.ts";
import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * Queue integrations (spec 002 §2.10, §3, §5, §7; issue 27 part 1): the /queue-integration
 * screen and the hand-over provider of kind `integration` that lets Typebot, an n8n or
 * webhook flow, Dialogflow ES or a flow of the flow builder hold a conversation. Gated by the
 * plan flag `useIntegrations` (declared by the plans plugin).
 */
export const manifest = definePlugin({
  id: "integrations",
  dependsOn: ["queues", "connections", "contacts", "tickets", "automation"],
  requires: [
    "queues.registerReference",
    "queues.forBot",
    "contacts.get",
    "connections.get",
    "tickets.fillVariables",
    "tickets.afterInbound",
    "tickets.botApply",
    "tickets.botContext",
    "automation.registerHandOver",
    "automation.handOverKinds",
    "automation.startHandOver",
    "automation.handOverTicket",
  ],
  planFlag: "useIntegrations",
  errors: {
    ERR_NO_INTEGRATION_FOUND: 404,
    /** Deleting an integration a queue, a chatbot option or a connection still names. */
    ERR_INTEGRATION_IN_USE: 409,
  },
});

/** Types the codes declared above for `new AppError(...)` (core/errors.ts). */
declare module "../../core/errors.ts" {
  interface ErrorCodes extends DeclaredErrors<typeof manifest> {}
}
