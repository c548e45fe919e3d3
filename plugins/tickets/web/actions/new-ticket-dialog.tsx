// SCAFFOLD (web helper W3 replaces this file): the new-ticket dialog (spec 000 §4).
export function NewTicketDialog(_props: { isOpen: boolean; onClose: () => void; initialContactId?: number }) {
  return null;
}
