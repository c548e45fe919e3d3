import type { KanbanLane, KanbanTicket } from "./kanban-api.ts";

/** A lane as GET /tag/kanban answers it, for component tests. */
export function laneOf(id: number, name: string, over: Partial<KanbanLane> = {}): KanbanLane {
  return { id, name, color: "#3366cc", kanban: 1, timeLane: 0, nextLaneId: null, rollbackLaneId: null, greetingMessageLane: "", ticketsCount: 0, ...over };
}

/** A card as GET /ticket/kanban answers it, for component tests. */
export function cardOf(id: number, name: string, over: Partial<KanbanTicket> = {}): KanbanTicket {
  return {
    id,
    uuid: `uuid-${id}`,
    status: "pending",
    contactId: 100 + id,
    contact: {
      id: 100 + id,
      name,
      number: `5511987650${String(id).padStart(3, "0")}`,
      email: "",
      urlPicture: "",
      disableBot: false,
      isGroup: false,
      active: true,
      acceptAudioMessage: true,
      channel: "whatsapp",
    },
    userId: null,
    user: null,
    queueId: null,
    queue: null,
    whatsappId: 3,
    whatsapp: { id: 3, name: "Comercial", channel: "whatsapp", channelKind: "whatsapp", groupAsTicket: "disabled" },
    channel: "whatsapp",
    channelKind: "whatsapp",
    lastMessage: `Mensagem de ${name}`,
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
    updatedAt: new Date().toISOString(),
    ...over,
  };
}
