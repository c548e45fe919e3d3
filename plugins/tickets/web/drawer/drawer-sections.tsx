import { Divider } from "@blueprintjs/core";
import type { TicketDrawerSectionProps } from "../zones.ts";
import { TicketNotes } from "./ticket-notes.tsx";
import { TicketTagSelect } from "./ticket-tag-select.tsx";

/** The ticket's kanban stage, as a drawer section. */
export function TicketStageSection({ ticket }: TicketDrawerSectionProps) {
  return <TicketTagSelect ticketId={ticket.id} tags={ticket.tags} />;
}

/** The ticket's notes, as a drawer section (a divider above: they close the ticket's part). */
export function TicketNotesSection({ ticket }: TicketDrawerSectionProps) {
  return (
    <>
      <Divider />
      <TicketNotes ticketId={ticket.id} contactId={ticket.contactId} />
    </>
  );
}
