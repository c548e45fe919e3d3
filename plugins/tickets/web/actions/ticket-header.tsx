import type { TicketView } from "../../shared/ticket-types.ts";

// SCAFFOLD (web helper W3 replaces this file): the conversation header with the ticket actions and their dialogs.
export function TicketHeader(_props: { ticket: TicketView; onOpenContact: () => void }) {
  return null;
}
