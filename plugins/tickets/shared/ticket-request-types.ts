/**
 * The request bodies of the conversations API, inferred from the server's zod schemas so the
 * web client never restates them. Type-only: nothing of the server is bundled.
 */
import type { z } from "@hono/zod-openapi";
import type { CallPayload, CopyPayload, ListPayload, PixPayload, UrlPayload } from "../server/messages/messages-interactive.ts";
import type { EditBody, ForwardBody, SendJsonBody } from "../server/messages/messages.schemas.ts";
import type { CloseAllBody, TicketCreateBody } from "../server/tickets/tickets.schemas.ts";

/** What POST /tickets takes. */
export type TicketCreatePayload = z.input<typeof TicketCreateBody>;
/** What POST /tickets/closeAll takes. */
export type CloseAllPayload = z.input<typeof CloseAllBody>;
/** What POST /messages/{ticketId} takes as JSON (`quotedMsg`: the answered message or its id). */
export type SendMessagePayload = z.input<typeof SendJsonBody>;
/** What POST /messages/edit/{messageId} takes. */
export type EditMessagePayload = z.input<typeof EditBody>;
/** What POST /message/forward takes. */
export type ForwardMessagePayload = z.input<typeof ForwardBody>;
/** What POST /messages/{kind}/{ticketId} takes, by kind (spec 000 §7's interactive sends). */
export type InteractivePayloads = {
  lista: z.input<typeof ListPayload>;
  copy: z.input<typeof CopyPayload>;
  call: z.input<typeof CallPayload>;
  URL: z.input<typeof UrlPayload>;
  PIX: z.input<typeof PixPayload>;
};
export type InteractiveKind = keyof InteractivePayloads;
export type InteractivePayload = InteractivePayloads[InteractiveKind];
