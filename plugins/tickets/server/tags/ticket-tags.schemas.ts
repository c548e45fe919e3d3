import { z } from "@hono/zod-openapi";
import { pathId } from "../../../../core/http/schemas.ts";

export const TicketIdParam = z.object({ ticketId: pathId("ticketId") });
export const TicketTagParams = z.object({ ticketId: pathId("ticketId"), tagId: pathId("tagId") });

/** The link PUT /ticket-tags/{ticketId}/{tagId} made (or found already made). */
export const TicketTagLink = z.object({ ticketId: z.number(), tagId: z.number() }).openapi("TicketTagLink");
