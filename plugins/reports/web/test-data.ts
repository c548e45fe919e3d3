import type { DashboardAnswer, MomentTicketView, ReportRowView } from "../shared/report-types.ts";

const d = (avg: number) => ({ count: 2, avg, median: avg, p90: avg * 2 });

export const apiDashboard = (): DashboardAnswer => ({
  from: "2030-01-01",
  to: "2030-01-10",
  counters: {
    supportHappening: 3,
    supportPending: 4,
    supportFinished: 5,
    supportGroups: 1,
    leads: 9,
    avgSupportTime: 45,
    avgWaitTime: 7.5,
    activeTickets: 2,
    passiveTickets: 11,
    npsScore: 25,
    npsPromotersPerc: 50,
    npsDetractorsPerc: 25,
    npsPassivePerc: 25,
    tickets: 13,
    waitRating: 1,
    withoutRating: 2,
    withRating: 4,
    percRating: 80,
    supportTime: d(45),
    waitTime: d(7.5),
    firstResponseTime: d(3.25),
  },
  attendants: [
    {
      id: 7,
      name: "Ana",
      rating: 8,
      countRating: 2,
      tickets: 2,
      avgWaitTime: 7.5,
      avgSupportTime: 45,
      online: true,
      supportTime: d(45),
      waitTime: d(7.5),
      firstResponseTime: d(3.25),
    },
  ],
});

export const apiReportRow = (id: number, fields: Partial<ReportRowView> = {}): ReportRowView => ({
  id,
  uuid: `uuid-${id}`,
  whatsappName: "Conexão 1",
  contactName: `Cliente ${id}`,
  userName: "Ana",
  queueName: "Vendas",
  queueColor: "#ff0000",
  status: "closed",
  lastMessage: "Obrigado",
  createdAt: "2030-01-10T10:00:00.000Z",
  closedAt: "2030-01-10T10:30:00.000Z",
  supportTime: 30,
  NPS: 10,
  ...fields,
});

export const apiMoment = (id: number, fields: Partial<MomentTicketView> = {}): MomentTicketView => ({
  id,
  uuid: `uuid-${id}`,
  status: "open",
  contact: { id, name: `Cliente ${id}`, urlPicture: null },
  lastMessage: "Olá",
  whatsapp: { id: 1, name: "Conexão 1" },
  queue: { id: 1, name: "Vendas", color: "#00ff00" },
  user: { id: 7, name: "Ana" },
  unreadMessages: 0,
  updatedAt: "2030-01-10T10:00:00.000Z",
  canOpen: true,
  sla: null,
  ...fields,
});
