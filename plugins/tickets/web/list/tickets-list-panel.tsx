// SCAFFOLD (web helper W1 replaces this file): the list panel of /tickets.
export function TicketsListPanel(_props: { selectedUuid: string | null; onSelect: (uuid: string) => void }) {
  return null;
}
