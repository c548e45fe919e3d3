import { Divider } from "@blueprintjs/core";
import type { TicketDrawerSectionProps } from "../zones.ts";
import { TicketNotes } from "./ticket-notes.tsx";

// The ticket's kanban stage (20) is the kanban plugin's section, gated by its plan flag.

/** The ticket's notes, as a drawer section (a divider above: they close the ticket's part). */
export function TicketNotesSection({ ticket }: TicketDrawerSectionProps) {
  return (
    <>
      <Divider />
      <TicketNotes ticketId={ticket.id} contactId={ticket.contactId} />
    </>
  );
}
