/**
 * The Meta linking API's request and response types, inferred from the server's zod schemas so
 * the connections screen never restates them. Type-only: nothing of the server is bundled.
 */
import type { z } from "@hono/zod-openapi";
import type { FacebookLinkInput, FacebookLinkResult, WhatsappApiInput } from "../server/linking.schemas.ts";

/** What POST /facebook takes. */
export type FacebookLinkPayload = z.input<typeof FacebookLinkInput>;
/** What POST /facebook answers; its `connections` are connections as POST /whatsapp answers them. */
export type FacebookLinked = z.infer<typeof FacebookLinkResult>;
/** What POST /channels/whatsappapi takes. */
export type CloudApiPayload = z.input<typeof WhatsappApiInput>;
