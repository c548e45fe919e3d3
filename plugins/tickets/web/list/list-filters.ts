import type { TicketListKind, TicketListQuery, TicketStatusValue, TicketView } from "../../shared/ticket-types.ts";

export type SortOrder = "ASC" | "DESC";

/** Everything that narrows the lists, as the panel holds it (search already debounced). */
export interface ListFilters {
  search: string;
  searchOnMessages: boolean;
  /** Effective show-all (already false for people who may not use it). */
  showAll: boolean;
  /** Chosen queues; null when the user has no queue to choose from. Tickets without a queue always pass. */
  queueIds: number[] | null;
  tagIds: number[];
  whatsappIds: number[];
  userIds: number[];
  statuses: TicketStatusValue[];
  sort: SortOrder;
}

export const emptyFilters: ListFilters = {
  search: "",
  searchOnMessages: false,
  showAll: false,
  queueIds: null,
  tagIds: [],
  whatsappIds: [],
  userIds: [],
  statuses: [],
  sort: "DESC",
};

/** The sort toggle is hidden on these tabs: they always come newest first. */
export const tabHasSort = (tab: TicketListKind) => tab !== "closed" && tab !== "search" && tab !== "nps";

/**
 * The query of GET /tickets for one tab (spec 000 §7): arrays travel as JSON, booleans as
 * "true"/"false". Admins always search with show-all on ("full search"); a plain user's
 * search uses the toggle, which they only have with allUserChat (spec 000 §6).
 */
export function buildListQuery(tab: TicketListKind, f: ListFilters, pageNumber: number, isAdmin: boolean): TicketListQuery {
  const query: TicketListQuery = {
    pageNumber,
    status: tab,
    showAll: (tab === "search" ? isAdmin || f.showAll : f.showAll) ? "true" : "false",
  };
  const search = f.search.trim();
  if (search) {
    query.searchParam = search;
    if (f.searchOnMessages) query.searchOnMessages = "true";
  }
  if (f.queueIds) query.queueIds = JSON.stringify(f.queueIds);
  if (f.tagIds.length) query.tags = JSON.stringify(f.tagIds);
  if (f.whatsappIds.length) query.whatsapps = JSON.stringify(f.whatsappIds);
  if (f.userIds.length) query.users = JSON.stringify(f.userIds);
  if (f.statuses.length) query.statusFilter = JSON.stringify(f.statuses);
  if (tabHasSort(tab)) query.sortTickets = f.sort;
  return query;
}

/** Lower case without accents, so 'joão' finds 'Joao'. */
const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/**
 * Whether a ticket a live event brought belongs in a tab under the current filters. Only
 * what is cheap to check on the client: the text search looks at name, number and last
 * message (a match inside older messages shows after the next load).
 */
export function ticketMatches(ticket: TicketView, tab: TicketListKind, f: ListFilters, meId: number): boolean {
  if (tab !== "search" && ticket.status !== tab) return false;
  if ((tab === "open" || tab === "nps") && !f.showAll && ticket.userId !== meId) return false;
  // The queue filter narrows queued tickets only (the server's rule too).
  if (f.queueIds && ticket.queueId != null && !f.queueIds.includes(ticket.queueId)) return false;
  if (f.tagIds.length && !(ticket.tags ?? []).some((t) => f.tagIds.includes(t.id))) return false;
  if (f.whatsappIds.length && !f.whatsappIds.includes(ticket.whatsappId)) return false;
  if (f.userIds.length && (ticket.userId == null || !f.userIds.includes(ticket.userId))) return false;
  if (f.statuses.length && !f.statuses.includes(ticket.status)) return false;
  const search = fold(f.search.trim());
  if (search) {
    const haystack = [ticket.contact?.name ?? "", ticket.contact?.number ?? "", ticket.lastMessage ?? ""].map(fold);
    if (!haystack.some((h) => h.includes(search))) return false;
  }
  return true;
}
