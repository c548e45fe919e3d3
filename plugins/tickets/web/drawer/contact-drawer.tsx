import type { TicketView } from "../../shared/ticket-types.ts";

// SCAFFOLD (web helper W3 replaces this file): the right contact drawer (320 px).
export function ContactDrawer(_props: { ticket: TicketView; isOpen: boolean; onClose: () => void }) {
  return null;
}
