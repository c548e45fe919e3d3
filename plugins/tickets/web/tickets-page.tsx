import { useParams } from "wouter";
import { TicketConversation } from "./conversation/ticket-conversation.tsx";
import { TicketsListPanel } from "./list/tickets-list-panel.tsx";

// SCAFFOLD (web helper W1 replaces this file): /tickets and /tickets/{uuid}, the list beside the open conversation.
export default function TicketsPage() {
  const { uuid } = useParams<{ uuid?: string }>();
  return (
    <div className="tickets-page">
      <TicketsListPanel selectedUuid={uuid ?? null} onSelect={() => {}} />
      {uuid ? <TicketConversation uuid={uuid} /> : null}
    </div>
  );
}
