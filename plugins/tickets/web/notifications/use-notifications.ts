import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useRoute } from "wouter";
import { emitRealtime, useCompanyEvent } from "../../../../web/src/realtime/realtime.ts";
import { useSession } from "../../../../web/src/session/session.ts";
import type { AppMessageEvent, TicketEvent, TicketListQuery, TicketListResponse } from "../../shared/ticket-types.ts";
import { playNotificationSound } from "../notification-sound.ts";
import { askNotificationPermission, notifiesForStatus, shouldNotify, showBrowserNotification } from "../ticket-notifications.ts";
import { useListTicketsQuery } from "../tickets-api.ts";
import { applyTitleBadge } from "../../../../web/src/ui/title-badge.ts";
import { addMessage, dropTicket, seedList, updateTicket, type NotificationList } from "./notification-list.ts";

/** The user's open tickets and the pending ones of their queues, only those with unread messages. */
const OPEN_UNREAD: TicketListQuery = { status: "open", withUnreadMessages: "true", showAll: "false" };
const PENDING_UNREAD: TicketListQuery = { status: "pending", withUnreadMessages: "true", showAll: "false" };

const pageVisible = () => typeof document === "undefined" || document.visibilityState !== "hidden";

/**
 * The always-mounted side of notifications (the top-bar bell): the list of the user's
 * unread tickets, kept live from `appMessage` and `ticket` events; the chime, the
 * desktop notification and the title badge (① … ⑳, then "(N)") for a new customer
 * message of a ticket the user is not looking at (/tickets/{uuid}, page visible).
 * Joins the server's notification room once.
 */
export function useNotifications(): { tickets: NotificationList; open: (uuid: string) => void } {
  const { t } = useTranslation("tickets");
  const { user, settings } = useSession();
  const showPending = settings.showNotificationPending === "true";
  const [, navigate] = useLocation();
  const [, params] = useRoute<{ uuid: string }>("/tickets/:uuid");
  const lookingAt = params?.uuid ?? null;
  const [list, setList] = useState<NotificationList>([]);
  const open = useCallback((uuid: string) => navigate(`/tickets/${uuid}`), [navigate]);

  useEffect(() => {
    emitRealtime("joinNotification");
    askNotificationPermission();
  }, []);

  // Read through a ref so that navigating does not merge the (older) answers again.
  const looking = useRef(lookingAt);
  looking.current = lookingAt;
  const openQuery = useListTicketsQuery(OPEN_UNREAD, { skip: !user });
  const pendingQuery = useListTicketsQuery(PENDING_UNREAD, { skip: !user || !showPending });
  // Each answer is merged once, when it arrives (events may have changed the list since).
  const seed = (data: TicketListResponse | undefined) => {
    if (!user || !data) return;
    const fetched = data.tickets.filter((x) => notifiesForStatus(x.status, showPending) && !(pageVisible() && x.uuid === looking.current));
    setList((prev) => seedList(prev, fetched, user));
  };
  useEffect(() => seed(openQuery.data), [openQuery.data]);
  useEffect(() => seed(pendingQuery.data), [pendingQuery.data]);

  useCompanyEvent("appMessage", (event: AppMessageEvent) => {
    if (!user || !shouldNotify(event, user, lookingAt, pageVisible()) || !notifiesForStatus(event.ticket.status, showPending)) return;
    const { ticket, message } = event;
    setList((prev) => addMessage(prev, ticket, message, user));
    playNotificationSound();
    const body = message.body?.trim() || t("notifications.media");
    showBrowserNotification(ticket.contact?.name || t("notifications.newMessage"), body, `ticket-${ticket.id}`, ticket.contact?.urlPicture, () => open(ticket.uuid));
  });

  useCompanyEvent("ticket", (event: TicketEvent) => {
    if (!user || !event) return;
    if (event.action === "updateUnread" || event.action === "delete") setList((prev) => dropTicket(prev, (x) => x.id === event.ticketId));
    else if (event.action === "update" && event.ticket) {
      const ticket = event.ticket;
      // The ticket on screen is being read: it never (re)enters the list.
      if ((pageVisible() && ticket.uuid === lookingAt) || !notifiesForStatus(ticket.status, showPending)) setList((prev) => dropTicket(prev, (x) => x.id === ticket.id));
      else setList((prev) => updateTicket(prev, ticket, user));
    }
  });

  // Opening a ticket (or coming back to the browser tab where it is open) reads it.
  useEffect(() => {
    if (!lookingAt) return;
    const seen = () => pageVisible() && setList((prev) => dropTicket(prev, (x) => x.uuid === lookingAt));
    seen();
    document.addEventListener("visibilitychange", seen);
    return () => document.removeEventListener("visibilitychange", seen);
  }, [lookingAt]);

  useEffect(() => {
    applyTitleBadge(list.length);
  }, [list.length]);
  useEffect(() => () => applyTitleBadge(0), []);

  return { tickets: list, open };
}
