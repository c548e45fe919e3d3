/**
 * The quick-messages API's request and response types, inferred from the server's zod schemas
 * so the web client never restates a server shape. Type-only: nothing of the server is bundled.
 */
import type { z } from "@hono/zod-openapi";
import type { QuickMessage as QuickMessageSchema, QuickMessageInput, QuickMessagePage as QuickMessagePageSchema, QuickMessagePatch } from "../server/quick-messages.schemas.ts";

/** A quick message as the API answers it (spec 000 §3). */
export type QuickMessage = z.infer<typeof QuickMessageSchema>;
export type QuickMessagePage = z.infer<typeof QuickMessagePageSchema>;
/** What POST /quick-messages takes. */
export type QuickMessagePayload = z.input<typeof QuickMessageInput>;
/** What PUT /quick-messages/{id} takes. */
export type QuickMessageChanges = z.input<typeof QuickMessagePatch>;
