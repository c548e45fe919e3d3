import type { MessageView, TicketView } from "../../shared/ticket-types.ts";

/** A ticket as GET /tickets/u/{uuid} answers it, for the conversation's tests. */
export function convTicket(over: Partial<TicketView> = {}): TicketView {
  return {
    id: 1,
    uuid: "uuid-1",
    status: "open",
    contactId: 50,
    contact: { id: 50, name: "Carla Dias", number: "5511987654321", email: "", urlPicture: "", disableBot: false, isGroup: false, active: true, acceptAudioMessage: true, channel: "whatsapp" },
    userId: 7,
    user: { id: 7, name: "Ana Souza", color: "" },
    queueId: 1,
    queue: { id: 1, name: "Vendas", color: "#7c4dff" },
    whatsappId: 3,
    whatsapp: { id: 3, name: "Comercial", channel: "whatsapp", groupAsTicket: "disabled" },
    channel: "whatsapp",
    lastMessage: "",
    unreadMessages: 0,
    isBot: false,
    isGroup: false,
    useIntegration: false,
    amount: 0,
    tags: [],
    userRating: null,
    createdAt: "2026-01-01T10:00:00.000Z",
    updatedAt: "2026-01-01T10:00:00.000Z",
    ...over,
  };
}

/** A message of ticket 1 as GET /messages/{uuid} answers it. */
export function convMessage(id: number, over: Partial<MessageView> = {}): MessageView {
  const now = new Date().toISOString();
  return {
    id,
    ticketId: 1,
    providerId: `p-${id}`,
    body: `Mensagem ${id}`,
    fromMe: false,
    mediaType: "chat",
    mediaUrl: null,
    ack: 0,
    isDeleted: false,
    deletedBy: null,
    isEdited: false,
    isForwarded: false,
    isPrivate: false,
    quotedMsgId: null,
    quotedMsg: null,
    contact: over.fromMe ? null : { id: 50, name: "Carla Dias", urlPicture: "" },
    userId: over.fromMe ? 7 : null,
    queueId: 1,
    participant: null,
    dataJson: null,
    createdAt: now,
    updatedAt: now,
    ...over,
  };
}
