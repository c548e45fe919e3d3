import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import "../../automation/server/hand-over.contract.ts";
import "../../queues/server/references.contract.ts";
import { INBOUND_PRIORITY } from "../../tickets/server/bot.contract.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
import { promptAssistant } from "./prompt-assistant.ts";
import { promptStartRule } from "./prompt-start-rule.ts";
import { PromptTranscripts } from "./prompt-transcripts.ts";
import { registerPromptsHandlers } from "./prompts.handlers.ts";
import { PromptsService } from "./prompts.service.ts";

export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    const prompts = new PromptsService(ctx.db, ctx.vault, ctx.realtime);
    registerPromptsHandlers(ctx.router, prompts);
    // Connections (promptId) and flows' OpenAI nodes name prompts of the company.
    ctx.services.require("queues.registerReference")("prompt", { exists: (companyId, id) => prompts.exists(companyId, id) });
    ctx.services.require("automation.registerHandOver")(
      promptAssistant({
        prompts,
        recentMessages: ctx.services.require("tickets.recentMessages"),
        outbound: ctx.outbound,
        baseUrl: ctx.config.OPENAI_API_URL,
        planAllows: (companyId) => ctx.planFeatures.enabled(companyId, "useOpenAi"),
        log: ctx.log,
        timeoutMs: ctx.config.OPENAI_TIMEOUT_MS,
        transcripts: new PromptTranscripts({
          db: ctx.db,
          storage: ctx.storage,
          settings: ctx.settings,
          outbound: ctx.outbound,
          baseUrl: ctx.config.OPENAI_API_URL,
          log: ctx.log,
          timeoutMs: ctx.config.OPENAI_TIMEOUT_MS,
        }),
        voice: { storage: ctx.storage, urlTemplate: ctx.config.AZURE_TTS_URL, timeoutMs: ctx.config.OPENAI_TIMEOUT_MS },
      }),
    );
    ctx.services.require("tickets.afterInbound")(promptStartRule(ctx.services.require("automation.startHandOver")), { priority: INBOUND_PRIORITY.connection + 10 });
  },
});
