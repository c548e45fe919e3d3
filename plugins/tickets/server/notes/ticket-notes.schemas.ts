import { z } from "@hono/zod-openapi";

/** Spec 000 §3 Note: what POST /ticket-notes and GET /ticket-notes/list answer (TicketNoteView). */
export const TicketNote = z
  .object({
    id: z.number(),
    note: z.string(),
    ticketId: z.number(),
    contactId: z.number(),
    createdAt: z.string(),
    user: z.object({ id: z.number(), name: z.string() }).nullable().openapi({ description: "The author; null once that user is deleted" }),
  })
  .openapi("TicketNote");

const positiveId = (name: string) => z.coerce.number({ error: "Required" }).int().positive().openapi({ example: 1, description: name });

// Spec 000 §5: "Note: required, minimum 2 characters".
export const TicketNoteInput = z
  .object({
    note: z.string().trim().min(1, "Required").min(2, "Too Short!").max(5000, "Too Long!"),
    ticketId: positiveId("The ticket the note is about"),
    contactId: positiveId("The ticket's contact"),
  })
  .openapi("TicketNoteInput");

/** At least one of the two: a ticket's notes, or (contactId alone) the contact's notes across tickets. */
export const TicketNoteListQuery = z.object({
  ticketId: z.coerce.number().int().positive().optional(),
  contactId: z.coerce.number().int().positive().optional(),
});
