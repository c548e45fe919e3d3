import type { MessageView, TicketStatusValue, TicketView } from "../shared/ticket-types.ts";

/** A ticket as GET /tickets answers it, for component tests. */
export function apiTicket(id: number, name: string, over: Partial<TicketView> = {}): TicketView {
  const status: TicketStatusValue = over.status ?? "open";
  return {
    id,
    uuid: `uuid-${id}`,
    status,
    contactId: 100 + id,
    contact: {
      id: 100 + id,
      name,
      number: `55119876543${String(id).padStart(2, "0")}`,
      email: "",
      urlPicture: "",
      disableBot: false,
      isGroup: false,
      active: true,
      acceptAudioMessage: true,
      channel: "whatsapp",
    },
    userId: status === "open" ? 7 : null,
    user: status === "open" ? { id: 7, name: "Ana Souza", color: "" } : null,
    queueId: 1,
    queue: { id: 1, name: "Vendas", color: "#7c4dff" },
    whatsappId: 3,
    whatsapp: { id: 3, name: "Comercial", channel: "whatsapp", channelKind: "whatsapp", groupAsTicket: "disabled" },
    channel: "whatsapp",
    channelKind: "whatsapp",
    lastMessage: `Olá, sou ${name}`,
    unreadMessages: 0,
    isBot: false,
    isGroup: false,
    useIntegration: false,
    integrationId: null,
    promptId: null,
    holder: null,
    amount: 0,
    tags: [],
    userRating: null,
    createdAt: "2026-01-01T10:00:00.000Z",
    acceptedAt: null,
    closedAt: null,
    updatedAt: "2026-01-01T10:00:00.000Z",
    ...over,
  };
}

/** A message as the appMessage event carries it. */
export function apiMessage(id: number, ticketId: number, over: Partial<MessageView> = {}): MessageView {
  return {
    id,
    ticketId,
    providerId: `p-${id}`,
    body: "Bom dia",
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
    contact: null,
    userId: null,
    queueId: 1,
    participant: null,
    dataJson: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    ...over,
  };
}
