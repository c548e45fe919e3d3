import type { SessionUser } from "../../../web/src/session/session.ts";
import type { AppMessageEvent, TicketView } from "../shared/ticket-types.ts";

/**
 * Whether a message event should notify this user (spec 000 §4: only tickets of the
 * user's own queues — no queue counts for allTicket users — that are theirs or
 * unassigned), and only an inbound message of a ticket they are not looking at.
 */
export function shouldNotify(event: AppMessageEvent | null | undefined, me: SessionUser | null, lookingAt: string | null, pageVisible: boolean): boolean {
  if (!me || event?.action !== "create" || !event.message || !event.ticket) return false;
  const { message, ticket } = event;
  if (message.fromMe || message.isPrivate) return false;
  if (!isMyNotificationTicket(ticket, me)) return false;
  return !(pageVisible && lookingAt === ticket.uuid);
}

/**
 * The spec 000 §4 audience rule on its own: a ticket of one of the user's queues (no
 * queue counts for allTicket users) that is theirs or unassigned.
 */
export function isMyNotificationTicket(ticket: Pick<TicketView, "userId" | "queueId">, me: SessionUser): boolean {
  if (ticket.userId != null && ticket.userId !== me.id) return false;
  return ticket.queueId == null ? me.allTicket === "enable" : (me.queues ?? []).some((q) => q.id === ticket.queueId);
}

/**
 * Issue 14, company setting `showNotificationPending` ("true"/"false"): tickets waiting in
 * line (pending, and lgpd: waiting for the customer's consent) notify only when it is on;
 * attended tickets always; a ticket waiting for its rating (nps) or closed never (the
 * customer's answer is the bot's to read).
 */
export function notifiesForStatus(status: TicketView["status"], showPending: boolean): boolean {
  if (status === "nps" || status === "closed") return false;
  if (status === "pending" || status === "lgpd") return showPending;
  return true;
}

/** The browser notification, when the browser has them and the person allowed them; else a console notice. */
export function showBrowserNotification(title: string, body: string, tag: string, icon: string | undefined, onClick: () => void): boolean {
  const N = (globalThis as { Notification?: typeof Notification }).Notification;
  if (!N) {
    console.info("[tickets] this browser does not support desktop notifications");
    return false;
  }
  if (N.permission !== "granted") {
    console.info(`[tickets] desktop notifications are not permitted (${N.permission})`);
    return false;
  }
  try {
    const note = new N(title, { body, tag, icon: icon || undefined });
    note.onclick = () => {
      globalThis.focus?.();
      onClick();
      note.close();
    };
    return true;
  } catch (err) {
    console.info("[tickets] desktop notification failed", err);
    return false;
  }
}

/** Asks once for permission when the person has not decided yet (browsers may ignore it without a click). */
export function askNotificationPermission(): void {
  const N = (globalThis as { Notification?: typeof Notification }).Notification;
  if (!N) {
    console.info("[tickets] this browser does not support desktop notifications");
    return;
  }
  if (N.permission === "default") void Promise.resolve(N.requestPermission?.()).catch(() => {});
}
