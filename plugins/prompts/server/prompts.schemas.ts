import { z } from "@hono/zod-openapi";
import { PROMPT_DEFAULTS, PROMPT_NAME_MAX, PROMPT_NAME_MIN, PROMPT_TEXT_MIN, VOICES } from "../shared/prompt-rules.ts";

export const Prompt = z
  .object({
    id: z.number(),
    companyId: z.number(),
    name: z.string(),
    prompt: z.string(),
    queueId: z.number().nullable(),
    queue: z.object({ id: z.number(), name: z.string() }).nullable(),
    model: z.string(),
    maxTokens: z.number(),
    temperature: z.number(),
    maxMessages: z.number(),
    voice: z.string(),
    voiceRegion: z.string().nullable(),
    /** The key's last 4 characters behind asterisks for admins, null for anyone else: never the key. */
    apiKey: z.string().nullable(),
    /** Whether a speech key is stored (never answered). */
    hasVoiceKey: z.boolean(),
    promptTokens: z.number(),
    completionTokens: z.number(),
    totalTokens: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Prompt");

export const PromptList = z.object({ prompts: z.array(Prompt) }).openapi("PromptList");

// Spec 002 §5: name 5 to 100 ('Muito curto!', 'Muito longo!'); prompt at least 50; queue required ('Informe o setor').
const name = z.string({ error: "Muito curto!" }).trim().min(PROMPT_NAME_MIN, "Muito curto!").max(PROMPT_NAME_MAX, "Muito longo!");
const prompt = z.string({ error: "Muito curto!" }).trim().min(PROMPT_TEXT_MIN, `Muito curto! (${PROMPT_TEXT_MIN})`).max(20_000, "Muito longo!");
const queueId = z.coerce.number({ error: "Informe o setor" }).int("Informe o setor").positive("Informe o setor");
const apiKey = z.string({ error: "Obrigatório" }).trim().min(1, "Obrigatório").max(500, "Muito longo!");
const model = z.string().trim().min(1, "Obrigatório").max(100, "Muito longo!");
const maxTokens = z.coerce.number({ error: "Obrigatório" }).int().min(1, "Invalid value").max(32_000, "Invalid value");
const temperature = z.coerce.number({ error: "Obrigatório" }).min(0, "Invalid value").max(2, "Invalid value");
const maxMessages = z.coerce.number({ error: "Obrigatório" }).int().min(1, "Invalid value").max(50, "Invalid value");
const voice = z.enum(VOICES, { error: "Invalid voice" });
const secret = z.string().trim().max(500, "Muito longo!");

export const PromptInput = z
  .object({
    name,
    prompt,
    queueId,
    apiKey,
    model: model.optional().default(PROMPT_DEFAULTS.model),
    maxTokens: maxTokens.optional().default(PROMPT_DEFAULTS.maxTokens),
    temperature: temperature.optional().default(PROMPT_DEFAULTS.temperature),
    maxMessages: maxMessages.optional().default(PROMPT_DEFAULTS.maxMessages),
    voice: voice.optional().default(PROMPT_DEFAULTS.voice),
    voiceKey: secret.nullable().optional(),
    voiceRegion: secret.nullable().optional(),
  })
  .openapi("PromptInput");

export const PromptPatch = z
  .object({
    name: name.optional(),
    prompt: prompt.optional(),
    queueId: queueId.optional(),
    /** A new key; the masked value the API answered (or nothing) keeps the stored one. */
    apiKey: apiKey.optional(),
    model: model.optional(),
    maxTokens: maxTokens.optional(),
    temperature: temperature.optional(),
    maxMessages: maxMessages.optional(),
    voice: voice.optional(),
    voiceKey: secret.nullable().optional(),
    voiceRegion: secret.nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to update" })
  .openapi("PromptPatch");
