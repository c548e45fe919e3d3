import { defaultSchedules } from "../shared/queue-rules.ts";
import type { Queue } from "./queues-api.ts";

/** A queue as the API answers it. */
export function apiQueue(over: Partial<Queue> = {}): Queue {
  return {
    id: 1,
    companyId: 2,
    name: "Vendas",
    color: "#ff0000",
    orderQueue: 1,
    greetingMessage: "Bem-vindo às vendas",
    outOfHoursMessage: "",
    closeTicket: false,
    ativarRoteador: false,
    tempoRoteador: 2,
    integrationId: null,
    fileListId: null,
    schedules: defaultSchedules(),
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    chatbots: [],
    ...over,
  };
}
