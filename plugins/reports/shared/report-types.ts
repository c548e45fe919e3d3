/**
 * The JSON shapes of the reports API, inferred from the routes' zod schemas (the OpenAPI
 * document's source), for the web client. Type-only: nothing of the server is bundled.
 */
import type { z } from "@hono/zod-openapi";
import type { Dashboard, MomentTicket, ReportPage, ReportRow, TicketsDay, TicketsUsers, UsersMoments } from "../server/reports.schemas.ts";
import type { SlaCompliance, SlaTargets, SlaTargetsBody } from "../server/sla.schemas.ts";

export type DashboardAnswer = z.infer<typeof Dashboard>;
export type DashboardCounters = DashboardAnswer["counters"];
export type AttendantRow = DashboardAnswer["attendants"][number];
export type TicketsDayAnswer = z.infer<typeof TicketsDay>;
export type TicketsUsersAnswer = z.infer<typeof TicketsUsers>;
export type ReportPageAnswer = z.infer<typeof ReportPage>;
export type ReportRowView = z.infer<typeof ReportRow>;
export type MomentTicketView = z.infer<typeof MomentTicket>;
export type UsersMomentsAnswer = z.infer<typeof UsersMoments>;
export type SlaTargetsAnswer = z.infer<typeof SlaTargets>;
export type SlaTargetRowView = SlaTargetsAnswer["targets"][number];
export type SlaTargetsInput = z.input<typeof SlaTargetsBody>;
export type SlaComplianceAnswer = z.infer<typeof SlaCompliance>;
export type SlaFigureView = SlaComplianceAnswer["queues"][number]["firstResponse"];

/** The report's filters as the web sends them (arrays as JSON text, spec 002 §7). */
export interface ReportFilterParams {
  dateFrom: string;
  dateTo: string;
  searchParam?: string;
  users?: number[];
  whatsappId?: number[];
  queueIds?: number[];
  status?: string[];
  onlyRated?: boolean;
  /** Support time counted inside the office hours only (the page, the 9,999,999 page and the .xlsx/.csv export). */
  businessHours?: boolean;
}

/** The screen's page sizes (spec 002 §2.15), default 10. */
export const REPORT_PAGE_SIZES = [5, 10, 20, 50] as const;
/** The spec's export file name. */
export const REPORT_FILE_NAME = "relatorio-de-atendimentos";

/** A range of days, YYYY-MM-DD, the last included. */
export interface DayRange {
  from: string;
  to: string;
}

/** The further reports' range, and whether their support times count office hours only (the report page's checkbox). */
export interface FurtherRange extends DayRange {
  businessHours?: boolean;
}

/**
 * The fields of a GET /tickets-log/{ticketId} entry the report's log dialog shows. The tickets
 * plugin publishes no schema of its log (its web log dialog is internal), so this names the
 * subset read; the full shape is in openapi.json.
 */
export interface TicketLogEntry {
  id: number;
  type: string;
  createdAt: string;
  user?: { name: string } | null;
}
