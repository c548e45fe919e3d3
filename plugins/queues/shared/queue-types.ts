/**
 * The queues API's request and response types, inferred from the server's zod schemas so the
 * web client never restates a server shape. Type-only: nothing of the server is bundled.
 */
import type { z } from "@hono/zod-openapi";
import type { ChatbotOptionInput, Queue as QueueSchema, QueueInput, QueuePatch, QueueSummary as QueueSummarySchema } from "../server/queues.schemas.ts";

/** A queue as GET /queue lists it. */
export type QueueSummary = z.infer<typeof QueueSummarySchema>;
/** A queue with its option tree (GET /queue/{id}, write answers, realtime). */
export type Queue = z.infer<typeof QueueSchema>;
/** An option as the dialog sends it: `id` keeps an existing one. */
export type ChatbotOptionPayload = ChatbotOptionInput;
// The option tree's schema is recursive and declared by its parsed type, so the tree is named here by that type.
/** What POST /queue takes. */
export type QueuePayload = Omit<z.input<typeof QueueInput>, "chatbots"> & { chatbots?: ChatbotOptionInput[] };
/** What PUT /queue/{id} takes. */
export type QueueChanges = Omit<z.input<typeof QueuePatch>, "chatbots"> & { chatbots?: ChatbotOptionInput[] };
