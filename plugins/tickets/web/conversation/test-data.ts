import type { MessageView, TicketView } from "../../shared/ticket-types.ts";
import { apiMessage, apiTicket } from "../test-tickets.ts";

/** A ticket as GET /tickets/u/{uuid} answers it, for the conversation's tests (Carla's, Ana's). */
export function convTicket(over: Partial<TicketView> = {}): TicketView {
  const base = apiTicket(1, "Carla Dias");
  return {
    ...base,
    contactId: 50,
    contact: { ...base.contact, id: 50, number: "5511987654321" },
    userId: 7,
    user: { id: 7, name: "Ana Souza", color: "" },
    lastMessage: "",
    ...over,
  };
}

/** A message of ticket 1 as GET /messages/{uuid} answers it; the customer's unless fromMe. */
export function convMessage(id: number, over: Partial<MessageView> = {}): MessageView {
  return apiMessage(id, 1, {
    body: `Mensagem ${id}`,
    contact: over.fromMe ? null : { id: 50, name: "Carla Dias", urlPicture: "" },
    userId: over.fromMe ? 7 : null,
    ...over,
  });
}
