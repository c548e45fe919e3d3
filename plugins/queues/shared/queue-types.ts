/**
 * The queues API's request and response types, inferred from the server's zod schemas so the
 * web client never restates a server shape. Type-only: nothing of the server is bundled.
 */
import type { z } from "@hono/zod-openapi";
import type { Queue as QueueSchema, QueueInput, QueuePatch, QueueSummary as QueueSummarySchema, ReferenceKinds as ReferenceKindsSchema } from "../server/queues.schemas.ts";

/** An option as the dialog sends it (`id` keeps an existing one), and as answered: the shared schema's types. */
export type { ChatbotOption, ChatbotOptionPayload } from "./chatbot-option.ts";

/** A queue as GET /queue lists it. */
export type QueueSummary = z.infer<typeof QueueSummarySchema>;
/** A queue with its option tree (GET /queue/{id}, write answers, realtime). */
export type Queue = z.infer<typeof QueueSchema>;
/** What POST /queue takes. */
export type QueuePayload = z.input<typeof QueueInput>;
/** What PUT /queue/{id} takes. */
export type QueueChanges = z.input<typeof QueuePatch>;
/** GET /queues/reference-kinds: the reference kinds installed plugins registered. */
export type ReferenceKindsAnswer = z.infer<typeof ReferenceKindsSchema>;
