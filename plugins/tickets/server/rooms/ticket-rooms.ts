import type { UserRow } from "../../../../core/db/rows.ts";
import { isAdmin } from "../../../../core/auth/permissions.ts";
import { Realtime } from "../../../../core/realtime/realtime.ts";
import type { TicketRow } from "../tickets.contract.ts";

/**
 * Socket rooms of the company namespace that decide who receives a ticket's events.
 * A plain user's sockets join, at connection, one room per "scope" they may see:
 * each of their queues (and "no queue" with allTicket), times group tickets (allowGroup)
 * times closed tickets of others (allHistoric). A ticket's audience is then its single
 * scope room, the admins' room and its attendant's own room: the server never sends a
 * ticket to a socket whose user could not open it over HTTP.
 */

/** Admins and super users: every ticket of the company, full numbers. */
export const ADMIN_ROOM = "tickets-admins";

/** The room of one visibility scope. */
export function scopeRoom(queueId: number | null, isGroup: boolean, closed: boolean): string {
  return `${queueId == null ? "tickets-no-queue" : `queue-${queueId}`}${isGroup ? "-groups" : ""}${closed ? "-history" : ""}`;
}

/** The rooms a user's sockets join (besides their own user room, which the kernel joins). */
export function roomsOfUser(user: UserRow, queueIds: number[]): string[] {
  if (isAdmin(user)) return [ADMIN_ROOM];
  const scopes: (number | null)[] = [...queueIds];
  if (user.allTicket === "enable") scopes.push(null);
  const groups = user.allowGroup ? [false, true] : [false];
  const history = user.allHistoric === "enabled" ? [false, true] : [false];
  const rooms: string[] = [];
  for (const q of scopes) for (const g of groups) for (const h of history) rooms.push(scopeRoom(q, g, h));
  return rooms;
}

/**
 * Who may see `ticket`. `ownerIsAdmin` tells whether its attendant's sockets already sit
 * in the admins' room; with `masking` the plain users' rooms go to `masked`, and a socket
 * is never in both lists (admins are only in the admins' room).
 */
export function audienceOf(ticket: TicketRow, ownerIsAdmin: boolean, masking: boolean): { full: string[]; masked: string[] } {
  const userRooms = [scopeRoom(ticket.queueId, ticket.isGroup, ticket.status === "closed")];
  if (ticket.userId != null && !ownerIsAdmin) userRooms.push(Realtime.userRoom(ticket.userId));
  return masking ? { full: [ADMIN_ROOM], masked: userRooms } : { full: [ADMIN_ROOM, ...userRooms], masked: [] };
}

/**
 * The visibility rule of one ticket (the rooms above say the same thing):
 * admins any ticket of the company; a user their own tickets, and otherwise tickets of
 * their queues (without queue only with allTicket), groups only with allowGroup, closed
 * tickets of others only with allHistoric.
 */
export function userMayOpen(user: UserRow, ticket: TicketRow, queueIds: readonly number[]): boolean {
  if (ticket.companyId !== user.companyId) return false;
  if (isAdmin(user)) return true;
  if (ticket.userId === user.id) return true;
  if (ticket.isGroup && !user.allowGroup) return false;
  if (ticket.status === "closed" && user.allHistoric !== "enabled") return false;
  if (ticket.queueId == null) return user.allTicket === "enable";
  return queueIds.includes(ticket.queueId);
}
