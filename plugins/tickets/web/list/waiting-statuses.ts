import { TICKET_STATUS_VALUES, type TicketStatusValue } from "../../shared/ticket-types.ts";

/** Whether the company can have tickets in each status that waits for the customer (issue 14). */
export interface WaitingStatuses {
  /** Waiting for the rating: a resolve asks for it only with `userRating` enabled. */
  nps: boolean;
  /** Waiting for the data consent: only with `enableLGPD` and `lgpdConsent` enabled (else the LGPD text only informs). */
  lgpd: boolean;
}

/**
 * The waiting statuses the company's settings (the session's) let a ticket reach, as the
 * server decides them (ticket-automatic-texts.ts ratingQuestion, the automation plugin's
 * askConsent). Off, the workspace neither asks for their lists nor offers them as filters.
 */
export function waitingStatusesOf(settings: Record<string, string>): WaitingStatuses {
  return {
    nps: settings.userRating === "enabled",
    lgpd: settings.enableLGPD === "enabled" && settings.lgpdConsent === "enabled",
  };
}

/** The filter panel's statuses: every one, less the waiting statuses the company cannot reach. */
export const filterStatuses = (waiting: WaitingStatuses): TicketStatusValue[] => TICKET_STATUS_VALUES.filter((s) => (s === "nps" || s === "lgpd" ? waiting[s] : true));
