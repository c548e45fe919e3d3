import type { KanbanBoard, KanbanTicket } from "./kanban-api.ts";

/** What `company-{id}-ticket` carries (spec 000 §8): the ticket on create/update, its id on delete. */
export type TicketEvent = { action?: string; ticket?: KanbanTicket; ticketId?: number };

const ON_BOARD = new Set(["pending", "open"]);
const newestFirst = (a: KanbanTicket, b: KanbanTicket) => (a.updatedAt === b.updatedAt ? b.id - a.id : a.updatedAt < b.updatedAt ? 1 : -1);

/**
 * Applies a ticket event to the board the page shows, as the server would answer it again:
 * a ticket still pending or open and last active inside the window is put in (or replaced)
 * in newest-first order; one that left (closed, moved out of the window, deleted) is taken
 * out; `updateUnread` (read by an attendant) clears its unread count. Answers false for an
 * event it cannot read (the page then refetches). Mutates `board`
 * (an Immer draft of the cached answer).
 */
export function applyTicketEvent(board: KanbanBoard, event: TicketEvent, window: { startDate: string; endDate: string }): boolean {
  if (event.action === "delete" && typeof event.ticketId === "number") {
    board.tickets = board.tickets.filter((t) => t.id !== event.ticketId);
    return true;
  }
  // An attendant read the ticket.
  if (event.action === "updateUnread" && typeof event.ticketId === "number") {
    for (const t of board.tickets) if (t.id === event.ticketId) t.unreadMessages = 0;
    return true;
  }
  const ticket = event.ticket;
  if ((event.action !== "update" && event.action !== "create") || !ticket || typeof ticket.id !== "number") return false;
  const rest = board.tickets.filter((t) => t.id !== ticket.id);
  const at = new Date(ticket.updatedAt).getTime();
  const inside = ON_BOARD.has(ticket.status) && at >= new Date(window.startDate).getTime() && at < new Date(window.endDate).getTime();
  board.tickets = inside ? [...rest, ticket].sort(newestFirst) : rest;
  return true;
}
