/** The prompts API's types, inferred from the server's zod schemas (type-only imports). */
import type { z } from "@hono/zod-openapi";
import type { Prompt as PromptSchema, PromptInput, PromptList as PromptListSchema, PromptPatch } from "../server/prompts.schemas.ts";

export type Prompt = z.infer<typeof PromptSchema>;
export type PromptList = z.infer<typeof PromptListSchema>;
export type PromptPayload = z.input<typeof PromptInput>;
export type PromptChanges = z.input<typeof PromptPatch>;
