import type { MessageView, TicketView } from "../../shared/ticket-types.ts";
import { apiMessage, apiTicket } from "../test-tickets.ts";

/** The ticket the action tests work on (Maria's, in Suporte, Ana's). */
export function ticketView(over: Partial<TicketView> = {}): TicketView {
  const base = apiTicket(41, "Maria Oliveira");
  return {
    ...base,
    contactId: 5,
    contact: { ...base.contact, id: 5, number: "5511987654321", email: "maria@cliente.com" },
    userId: 7,
    user: { id: 7, name: "Ana Souza", color: "#123456" },
    queueId: 3,
    queue: { id: 3, name: "Suporte", color: "#00aa00" },
    whatsappId: 1,
    whatsapp: { id: 1, name: "Principal", channel: "whatsapp", channelKind: "whatsapp", groupAsTicket: "disabled" },
    lastMessage: "Olá",
    createdAt: "2026-03-02T12:00:00.000Z",
    updatedAt: "2026-03-02T12:30:00.000Z",
    ...over,
  };
}

/** A message of that ticket, at 12:{id} on its day. */
export function messageView(id: number, over: Partial<MessageView> = {}): MessageView {
  const at = `2026-03-02T12:${String(id).padStart(2, "0")}:00.000Z`;
  return apiMessage(id, 41, { body: `Mensagem ${id}`, ack: 3, contact: { id: 5, name: "Maria Oliveira", urlPicture: "" }, queueId: 3, createdAt: at, updatedAt: at, ...over });
}

/** The 409 the server answers when the contact already has a live ticket. */
export const conflictAnswer = (other: { userId: number | null; user: string; queue: string; uuid?: string }) => ({
  status: 409,
  body: {
    error: "ERR_OTHER_OPEN_TICKET",
    message: JSON.stringify({ id: 99, uuid: other.uuid ?? "uuid-99", status: "open", userId: other.userId, user: { name: other.user }, queue: { name: other.queue } }),
  },
});
