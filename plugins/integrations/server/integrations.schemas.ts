import { z } from "@hono/zod-openapi";
import { INTEGRATION_LANGUAGES, INTEGRATION_TYPES } from "../shared/integration-types.ts";

export const QueueIntegration = z
  .object({
    id: z.number(),
    companyId: z.number(),
    name: z.string(),
    type: z.enum(INTEGRATION_TYPES),
    projectName: z.string().openapi({ description: "Dialogflow project id; for a flowbuilder integration, the flow's id" }),
    jsonContent: z.string().openapi({ description: "Always empty: the stored secret (service account, signing secret) is never answered back" }),
    hasJsonContent: z.boolean().openapi({ description: "Whether a secret is stored in jsonContent" }),
    language: z.string(),
    urlN8N: z.string(),
    typebotSlug: z.string(),
    typebotExpires: z.number(),
    typebotKeywordFinish: z.string(),
    typebotKeywordRestart: z.string(),
    typebotRestartMessage: z.string(),
    typebotUnknownMessage: z.string(),
    typebotDelayMessage: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("QueueIntegration");

export const QueueIntegrationPage = z.object({ queueIntegrations: z.array(QueueIntegration), count: z.number(), hasMore: z.boolean() }).openapi("QueueIntegrationPage");

// Spec 002 §5: name 2 to 50, required.
const name = z.string({ error: "Required" }).trim().min(1, "Required").min(2, "Too Short!").max(50, "Too Long!");
const text = (max: number) => z.string({ error: "Invalid value" }).trim().max(max, "Too Long!");

const fields = {
  projectName: text(200),
  /** A secret: absent keeps the stored one, "" clears it. */
  jsonContent: z.string({ error: "Invalid value" }).max(20_000, "Too Long!"),
  language: z.union([z.enum(INTEGRATION_LANGUAGES), z.literal("")], { error: "Invalid language" }),
  urlN8N: text(2000),
  typebotSlug: text(200),
  typebotExpires: z.coerce.number({ error: "Invalid number" }).int("Invalid number").min(0, "Invalid number").max(10_080, "Invalid number"),
  typebotKeywordFinish: text(100),
  typebotKeywordRestart: text(100),
  typebotRestartMessage: text(4000),
  typebotUnknownMessage: text(4000),
  typebotDelayMessage: z.coerce.number({ error: "Invalid number" }).int("Invalid number").min(0, "Invalid number").max(60_000, "Invalid number"),
};

export const QueueIntegrationInput = z
  .object({
    name,
    type: z.enum(INTEGRATION_TYPES, { error: "Required" }),
    projectName: fields.projectName.optional().default(""),
    jsonContent: fields.jsonContent.optional(),
    language: fields.language.optional().default(""),
    urlN8N: fields.urlN8N.optional().default(""),
    typebotSlug: fields.typebotSlug.optional().default(""),
    typebotExpires: fields.typebotExpires.optional().default(1),
    typebotKeywordFinish: fields.typebotKeywordFinish.optional().default(""),
    typebotKeywordRestart: fields.typebotKeywordRestart.optional().default(""),
    typebotRestartMessage: fields.typebotRestartMessage.optional().default(""),
    typebotUnknownMessage: fields.typebotUnknownMessage.optional().default(""),
    typebotDelayMessage: fields.typebotDelayMessage.optional().default(1000),
  })
  .openapi("QueueIntegrationInput");

export const QueueIntegrationPatch = z
  .object({
    name: name.optional(),
    type: z.enum(INTEGRATION_TYPES, { error: "Invalid type" }).optional(),
    projectName: fields.projectName.optional(),
    jsonContent: fields.jsonContent.optional(),
    language: fields.language.optional(),
    urlN8N: fields.urlN8N.optional(),
    typebotSlug: fields.typebotSlug.optional(),
    typebotExpires: fields.typebotExpires.optional(),
    typebotKeywordFinish: fields.typebotKeywordFinish.optional(),
    typebotKeywordRestart: fields.typebotKeywordRestart.optional(),
    typebotRestartMessage: fields.typebotRestartMessage.optional(),
    typebotUnknownMessage: fields.typebotUnknownMessage.optional(),
    typebotDelayMessage: fields.typebotDelayMessage.optional(),
  })
  .openapi("QueueIntegrationPatch");

export const QueueIntegrationQuery = z.object({
  searchParam: z.string().max(200, "Too Long!").optional().default(""),
  pageNumber: z.coerce.number().int().min(1).optional().default(1),
});

export const TestSessionInput = z
  .object({
    /** An integration to test as stored (its secret included); the other fields override it. */
    id: z.coerce.number().int().positive().optional(),
    type: z.enum(INTEGRATION_TYPES).optional(),
    projectName: fields.projectName.optional(),
    jsonContent: fields.jsonContent.optional(),
    language: fields.language.optional(),
    urlN8N: fields.urlN8N.optional(),
    typebotSlug: fields.typebotSlug.optional(),
  })
  .openapi("QueueIntegrationTestSession");

export const TestSessionResult = z
  .object({
    ok: z.boolean(),
    /** What was tried: detectIntent "hello", startChat, a ping POST, the flow's existence. */
    step: z.string(),
    /** What failed, or what the service answered (a Dialogflow fulfillment text, Typebot's first message). */
    message: z.string(),
  })
  .openapi("QueueIntegrationTestResult");
