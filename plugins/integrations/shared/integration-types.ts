/**
 * Queue integrations as the server and the web read them (spec 002 §3 "Queue integration").
 * Plain values, no runtime dependencies.
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

/** An integration as the routes answer it: `jsonContent` (a secret) never comes back, only whether one is stored. */
export interface QueueIntegration {
  id: number;
  companyId: number;
  name: string;
  type: IntegrationType;
  projectName: string;
  jsonContent: string;
  hasJsonContent: boolean;
  language: string;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: number;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotRestartMessage: string;
  typebotUnknownMessage: string;
  typebotDelayMessage: number;
  createdAt: string;
  updatedAt: string;
}
