// SCAFFOLD (web helper W2 replaces this file): one open ticket (header from actions/, messages, composer, drawer from drawer/).
export function TicketConversation(_props: { uuid: string }) {
  return null;
}
