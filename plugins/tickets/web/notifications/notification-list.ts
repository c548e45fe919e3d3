import type { SessionUser } from "../../../../web/src/session/session.ts";
import type { MessageView, TicketView } from "../../shared/ticket-types.ts";
import { isMyNotificationTicket } from "../ticket-notifications.ts";

/**
 * The notifications popover's list: the user's tickets with unread customer messages,
 * newest activity first. Pure functions over an immutable array so the hook can use
 * them as state updaters and the rules can be tested on their own.
 */
export type NotificationList = readonly TicketView[];

/** Whether a ticket belongs in the list: unread, not resolved, and in the user's notification audience (spec 000 §4). */
export function belongsInList(ticket: TicketView, me: SessionUser): boolean {
  return ticket.unreadMessages > 0 && ticket.status !== "closed" && isMyNotificationTicket(ticket, me);
}

const time = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : 0;
};

/** Newest first (updatedAt, then id so equal times keep a stable order). */
function sorted(list: TicketView[]): TicketView[] {
  return list.sort((a, b) => time(b.updatedAt) - time(a.updatedAt) || b.id - a.id);
}

/** The list with `ticket` put in (replacing its older copy) or taken out when it no longer belongs. */
function put(list: NotificationList, ticket: TicketView, me: SessionUser): NotificationList {
  const rest = list.filter((t) => t.id !== ticket.id);
  if (!belongsInList(ticket, me)) return rest.length === list.length ? list : rest;
  return sorted([...rest, ticket]);
}

/**
 * Merges what GET /tickets answered. A copy already held that is newer (a live event
 * overtook the request) wins.
 */
export function seedList(list: NotificationList, fetched: readonly TicketView[], me: SessionUser): NotificationList {
  let next = list;
  for (const ticket of fetched) {
    const held = next.find((t) => t.id === ticket.id);
    if (held && time(held.updatedAt) > time(ticket.updatedAt)) continue;
    next = put(next, ticket, me);
  }
  return next;
}

/**
 * A new customer message: the ticket goes to the top with at least one unread message and
 * the message as its last one (the event's ticket may have been serialised before either changed).
 */
export function addMessage(list: NotificationList, ticket: TicketView, message: MessageView, me: SessionUser): NotificationList {
  const updatedAt = time(message.createdAt) > time(ticket.updatedAt) ? message.createdAt : ticket.updatedAt;
  const body = message.body?.trim();
  return put(list, { ...ticket, unreadMessages: Math.max(1, ticket.unreadMessages), lastMessage: body || ticket.lastMessage, updatedAt }, me);
}

/** A `ticket` update event: refreshes the ticket, dropping it once read, resolved or no longer the user's. */
export const updateTicket = (list: NotificationList, ticket: TicketView, me: SessionUser): NotificationList => put(list, ticket, me);

/** The list without the ticket (unread-update and delete events; spec 000 §4). */
export function dropTicket(list: NotificationList, pred: (t: TicketView) => boolean): NotificationList {
  const next = list.filter((t) => !pred(t));
  return next.length === list.length ? list : next;
}
