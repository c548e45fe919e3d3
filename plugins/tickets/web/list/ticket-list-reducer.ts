import type { TicketListResponse, TicketView } from "../../shared/ticket-types.ts";
import type { SortOrder } from "./list-filters.ts";

export interface TicketListState {
  tickets: TicketView[];
  count: number;
  hasMore: boolean;
}

export const emptyList: TicketListState = { tickets: [], count: 0, hasMore: false };

export type TicketListAction =
  | { type: "reset" }
  | { type: "page"; pageNumber: number; page: TicketListResponse }
  /** A `ticket` update event: `matches` says whether it belongs in this list now. */
  | { type: "update"; ticket: TicketView; matches: boolean; sort: SortOrder }
  /** A new message: the ticket moves to the newest end of the list. */
  | { type: "message"; ticket: TicketView; matches: boolean; sort: SortOrder }
  | { type: "unread"; ticketId: number }
  | { type: "remove"; ticketId: number };

/** A ticket an event carried, completed from the listed copy (an event may omit joined parts). */
function completed(state: TicketListState, incoming: TicketView): TicketView | null {
  const known = state.tickets.find((t) => t.id === incoming.id);
  const defined = Object.fromEntries(Object.entries(incoming).filter(([, v]) => v !== undefined)) as Partial<TicketView>;
  const merged = known ? { ...known, ...defined } : incoming;
  // Without its contact and tags a row cannot be drawn: wait for a full copy (next load or event).
  return merged.contact && Array.isArray(merged.tags) ? merged : null;
}

function without(state: TicketListState, id: number): TicketListState {
  if (!state.tickets.some((t) => t.id === id)) return state;
  return { ...state, tickets: state.tickets.filter((t) => t.id !== id), count: Math.max(0, state.count - 1) };
}

/**
 * Where a ticket goes at the "newest" end: the top when newest first; the bottom when
 * oldest first, but only once every page is loaded (else a later page brings it).
 */
function placeNewest(state: TicketListState, ticket: TicketView, sort: SortOrder, isNew: boolean): TicketListState {
  const rest = state.tickets.filter((t) => t.id !== ticket.id);
  // In the tab but past the loaded pages: counted, shown when its page loads.
  if (sort === "ASC" && state.hasMore) return isNew ? { ...state, count: state.count + 1 } : { ...state, tickets: rest };
  const tickets = sort === "DESC" ? [ticket, ...rest] : [...rest, ticket];
  return { ...state, tickets, count: isNew ? state.count + 1 : state.count };
}

/**
 * One tab's tickets: page 1 replaces, later pages append (without duplicates), live events
 * upsert, move or drop tickets and keep the count badge right.
 */
export function ticketListReducer(state: TicketListState, action: TicketListAction): TicketListState {
  switch (action.type) {
    case "reset":
      return emptyList;
    case "page": {
      const { tickets, count, hasMore } = action.page;
      if (action.pageNumber <= 1) return { tickets, count, hasMore };
      const fresh = new Map(tickets.map((t) => [t.id, t]));
      const kept = state.tickets.map((t) => fresh.get(t.id) ?? t);
      const known = new Set(kept.map((t) => t.id));
      return { tickets: [...kept, ...tickets.filter((t) => !known.has(t.id))], count, hasMore };
    }
    case "update": {
      if (!action.matches) return without(state, action.ticket.id);
      const ticket = completed(state, action.ticket);
      if (!ticket) return state;
      const present = state.tickets.some((t) => t.id === ticket.id);
      if (present) return { ...state, tickets: state.tickets.map((t) => (t.id === ticket.id ? ticket : t)) };
      return placeNewest(state, ticket, action.sort, true);
    }
    case "message": {
      if (!action.matches) return without(state, action.ticket.id);
      const ticket = completed(state, action.ticket);
      if (!ticket) return state;
      const present = state.tickets.some((t) => t.id === ticket.id);
      return placeNewest(state, ticket, action.sort, !present);
    }
    case "unread":
      if (!state.tickets.some((t) => t.id === action.ticketId && t.unreadMessages !== 0)) return state;
      return { ...state, tickets: state.tickets.map((t) => (t.id === action.ticketId ? { ...t, unreadMessages: 0 } : t)) };
    case "remove":
      return without(state, action.ticketId);
  }
}
