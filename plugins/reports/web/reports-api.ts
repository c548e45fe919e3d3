import { api } from "../../../web/src/api/api.ts";
import type {
  DashboardAnswer,
  DayRange,
  ReportFilterParams,
  ReportPageAnswer,
  TicketsDayAnswer,
  TicketsUsersAnswer,
  TicketLogEntry,
  UsersMomentsAnswer,
} from "../shared/report-types.ts";

export type * from "../shared/report-types.ts";
export { REPORT_FILE_NAME, REPORT_PAGE_SIZES } from "../shared/report-types.ts";

/** The report's query string: arrays as JSON text, empty filters left out (spec 002 §7). */
export function reportParams(f: ReportFilterParams): Record<string, string> {
  const out: Record<string, string> = { dateFrom: f.dateFrom, dateTo: f.dateTo };
  if (f.searchParam?.trim()) out.searchParam = f.searchParam.trim();
  for (const key of ["users", "whatsappId", "queueIds", "status"] as const) {
    const list = f[key];
    if (list?.length) out[key] = JSON.stringify(list);
  }
  if (f.onlyRated) out.onlyRated = "true";
  if (f.businessHours) out.businessHours = "true";
  return out;
}

const asObjectUrl = async (res: Response) => (res.ok ? URL.createObjectURL(await res.blob()) : res.json());

/** The reports plugin's calls (spec 002 §7 "Dashboard, reports and panel"). */
export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<DashboardAnswer, DayRange & { businessHours?: boolean }>({
      query: ({ from, to, businessHours }) => ({ url: "/dashboard", params: { date_from: from, date_to: to, ...(businessHours ? { businessHours: "true" } : {}) } }),
      keepUnusedDataFor: 0,
    }),
    getTicketsDay: build.query<TicketsDayAnswer, DayRange>({
      query: ({ from, to }) => ({ url: "/dashboard/ticketsDay", params: { initialDate: from, finalDate: to } }),
      keepUnusedDataFor: 0,
    }),
    getTicketsUsers: build.query<TicketsUsersAnswer, DayRange>({
      query: ({ from, to }) => ({ url: "/dashboard/ticketsUsers", params: { initialDate: from, finalDate: to } }),
      keepUnusedDataFor: 0,
    }),
    getReport: build.query<ReportPageAnswer, ReportFilterParams & { page: number; pageSize: number }>({
      query: ({ page, pageSize, ...f }) => ({ url: "/ticketreport/reports", params: { ...reportParams(f), page, pageSize } }),
      keepUnusedDataFor: 0,
    }),
    /** The filter's choices: GET /users/list, /whatsapp, /queue (each an array of at least id and name). */
    getReportOptions: build.query<{ id: number; name: string }[], "/users/list" | "/whatsapp" | "/queue">({
      query: (url) => url,
      transformResponse: (rows: { id: number; name: string }[]) => rows.map((r) => ({ id: r.id, name: r.name })),
    }),
    /** GET /tickets-log/{ticketId}: the row action's ticket log. */
    getTicketLog: build.query<TicketLogEntry[], number>({
      query: (ticketId) => `/tickets-log/${ticketId}`,
      keepUnusedDataFor: 0,
    }),
    getUsersMoments: build.query<UsersMomentsAnswer, void>({
      query: () => "/usersMoments",
      keepUnusedDataFor: 0,
    }),
    /** The whole report as relatorio-de-atendimentos.xlsx / .csv: an object URL the caller downloads, then revokes. */
    exportReport: build.mutation<string, ReportFilterParams & { format: "xlsx" | "csv" }>({
      query: ({ format, ...f }) => ({ url: `/ticketreport/export/${format}`, params: reportParams(f), responseHandler: asObjectUrl }),
    }),
    exportAttendants: build.mutation<string, DayRange & { format: "xlsx" | "csv" }>({
      query: ({ format, from, to }) => ({ url: `/dashboard/attendants/export/${format}`, params: { date_from: from, date_to: to }, responseHandler: asObjectUrl }),
    }),
  }),
});

export const {
  useGetDashboardQuery,
  useGetTicketsDayQuery,
  useGetTicketsUsersQuery,
  useGetReportQuery,
  useGetUsersMomentsQuery,
  useGetReportOptionsQuery,
  useGetTicketLogQuery,
  useExportReportMutation,
  useExportAttendantsMutation,
} = reportsApi;

/** Saves an object URL as `fileName`, then frees it. */
export function saveAs(url: string, fileName: string): void {
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The default range: the first of the month to today (local days). */
export function monthToDate(now: Date = new Date()): DayRange {
  const pad = (n: number) => String(n).padStart(2, "0");
  const to = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return { from: `${to.slice(0, 8)}01`, to };
}

/** Cuts a name or message to `max` characters (the panel's 30), with an ellipsis. */
export const cut = (text: string, max = 30) => (text.length > max ? `${text.slice(0, max)}…` : text);
