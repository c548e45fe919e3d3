import type { DeclaredErrors } from "../../core/errors.ts";
import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * AI prompts (spec 002 §2.12, §3 'OpenAI integration / Prompt', §5, §7; issue 27): an assistant
 * on an OpenAI-compatible chat-completions API that holds a conversation (hand-over kind
 * `prompt`) started by a connection's `promptId`, until it asks for a human (the hand-off
 * marker) and the ticket goes to the prompt's queue. Gated by `useOpenAi`, which stays
 * declared in the plans plugin's catalogue.
 */
export const manifest = definePlugin({
  id: "prompts",
  dependsOn: ["plans", "queues", "connections", "tickets", "automation"],
  requires: ["queues.registerReference", "automation.registerHandOver", "automation.startHandOver", "tickets.afterInbound", "tickets.recentMessages"],
  planFlag: "useOpenAi",
  errors: {
    ERR_NO_PROMPT_FOUND: 404,
  },
});

/** Types the codes declared above for `new AppError(...)` (core/errors.ts). */
declare module "../../core/errors.ts" {
  interface ErrorCodes extends DeclaredErrors<typeof manifest> {}
}
