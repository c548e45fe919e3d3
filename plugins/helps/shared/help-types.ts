/**
 * The helps API's request and response types, inferred from the server's zod schemas so the
 * web client never restates a server shape. Type-only: nothing of the server is bundled.
 */
import type { z } from "@hono/zod-openapi";
import type { Help as HelpSchema, HelpInput, HelpPatch } from "../server/helps.schemas.ts";

/** A help entry as the API answers it. */
export type Help = z.infer<typeof HelpSchema>;
/** What POST /helps takes. */
export type HelpPayload = z.input<typeof HelpInput>;
/** What PUT /helps/{id} takes. */
export type HelpChanges = z.input<typeof HelpPatch>;
