import type { ScheduleView } from "../shared/schedule-types.ts";

/** A schedule as the API answers it, for web tests (here and in plugins that show schedules). */
export function sampleSchedule(fields: Partial<ScheduleView> = {}): ScheduleView {
  return {
    id: 7,
    companyId: 2,
    contactId: 3,
    userId: 1,
    body: "Lembrete da consulta",
    sendAt: "2030-03-04T12:30:00.000Z",
    sentAt: null,
    status: "PENDENTE",
    openTicket: "enabled",
    ticketUserId: null,
    queueId: null,
    statusTicket: "closed",
    whatsappId: null,
    intervalo: 1,
    valorIntervalo: 0,
    enviarQuantasVezes: 1,
    tipoDias: 4,
    assinar: false,
    mediaPath: null,
    mediaName: null,
    mediaUrl: null,
    timesSent: 0,
    lastError: null,
    contact: { id: 3, name: "Ana Souza" },
    user: { id: 1, name: "Admin" },
    ticketUser: null,
    queue: null,
    whatsapp: null,
    createdAt: "2030-03-01T10:00:00.000Z",
    updatedAt: "2030-03-01T10:00:00.000Z",
    ...fields,
  };
}
