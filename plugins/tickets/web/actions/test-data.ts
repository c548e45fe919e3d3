import type { MessageView, TicketView } from "../../shared/ticket-types.ts";

/** A ticket as the API answers it, for component tests. */
export function ticketView(over: Partial<TicketView> = {}): TicketView {
  return {
    id: 41,
    uuid: "uuid-41",
    status: "open",
    contactId: 5,
    contact: {
      id: 5,
      name: "Maria Oliveira",
      number: "5511987654321",
      email: "maria@cliente.com",
      urlPicture: "",
      disableBot: false,
      isGroup: false,
      active: true,
      acceptAudioMessage: true,
      channel: "whatsapp",
    },
    userId: 7,
    user: { id: 7, name: "Ana Souza", color: "#123456" },
    queueId: 3,
    queue: { id: 3, name: "Suporte", color: "#00aa00" },
    whatsappId: 1,
    whatsapp: { id: 1, name: "Principal", channel: "whatsapp", groupAsTicket: "disabled" },
    channel: "whatsapp",
    lastMessage: "Olá",
    unreadMessages: 0,
    isBot: false,
    isGroup: false,
    useIntegration: false,
    amount: 0,
    tags: [],
    userRating: null,
    createdAt: "2026-03-02T12:00:00.000Z",
    updatedAt: "2026-03-02T12:30:00.000Z",
    ...over,
  };
}

/** A message as the API answers it. */
export function messageView(id: number, over: Partial<MessageView> = {}): MessageView {
  return {
    id,
    ticketId: 41,
    providerId: `p-${id}`,
    body: `Mensagem ${id}`,
    fromMe: false,
    mediaType: "chat",
    mediaUrl: null,
    ack: 3,
    isDeleted: false,
    deletedBy: null,
    isEdited: false,
    isForwarded: false,
    isPrivate: false,
    quotedMsgId: null,
    quotedMsg: null,
    contact: { id: 5, name: "Maria Oliveira", urlPicture: "" },
    userId: null,
    queueId: 3,
    participant: null,
    dataJson: null,
    createdAt: `2026-03-02T12:${String(id).padStart(2, "0")}:00.000Z`,
    updatedAt: `2026-03-02T12:${String(id).padStart(2, "0")}:00.000Z`,
    ...over,
  };
}

/** The 409 the server answers when the contact already has a live ticket. */
export const conflictAnswer = (other: { userId: number | null; user: string; queue: string; uuid?: string }) => ({
  status: 409,
  body: {
    error: "ERR_OTHER_OPEN_TICKET",
    message: JSON.stringify({ id: 99, uuid: other.uuid ?? "uuid-99", status: "open", userId: other.userId, user: { name: other.user }, queue: { name: other.queue } }),
  },
});
