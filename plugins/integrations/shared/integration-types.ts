import type { z } from "@hono/zod-openapi";
import type {
  QueueIntegration as QueueIntegrationSchema,
  QueueIntegrationInput,
  QueueIntegrationPage as QueueIntegrationPageSchema,
  QueueIntegrationPatch,
  TestSessionInput,
  TestSessionResult as TestSessionResultSchema,
} from "../server/integrations.schemas.ts";

/**
 * Queue integrations as the server and the web read them (spec 002 §3 "Queue integration").
 * Plain values; the API's types are inferred from the server's zod schemas (type-only).
 */
export const INTEGRATION_TYPES = ["dialogflow", "n8n", "webhook", "typebot", "flowbuilder"] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

export const INTEGRATION_LANGUAGES = ["pt-BR", "en", "es"] as const;

/** Spec 002 §9 defaults. */
export const TYPEBOT_DEFAULTS = { typebotDelayMessage: 1000, typebotExpires: 1 } as const;

/** Which fields a type needs besides name (spec 002 §5). `flowbuilder` keeps its flow's id in `projectName`. */
export const REQUIRED_FIELDS: Record<IntegrationType, readonly ("urlN8N" | "typebotSlug" | "projectName" | "jsonContent")[]> = {
  n8n: ["urlN8N"],
  webhook: ["urlN8N"],
  typebot: ["urlN8N", "typebotSlug"],
  dialogflow: ["projectName", "jsonContent"],
  flowbuilder: ["projectName"],
};

/** An integration as the routes answer it: `jsonContent` (a secret) is always empty, `hasJsonContent` says whether one is stored. */
export type QueueIntegration = z.infer<typeof QueueIntegrationSchema>;
export type QueueIntegrationPage = z.infer<typeof QueueIntegrationPageSchema>;
/** What POST /queueIntegration takes (`jsonContent` only when a new secret was typed). */
export type QueueIntegrationPayload = z.input<typeof QueueIntegrationInput>;
/** What PUT /queueIntegration/{id} takes. */
export type QueueIntegrationChanges = z.input<typeof QueueIntegrationPatch>;
export type TestSessionPayload = z.input<typeof TestSessionInput>;
export type TestSessionResult = z.infer<typeof TestSessionResultSchema>;
