import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { emitRealtime, useCompanyEvent } from "../../../web/src/realtime/realtime.ts";
import { useSession } from "../../../web/src/session/session.ts";
import type { AppMessageEvent, TicketEvent } from "../shared/ticket-types.ts";
import { playNotificationSound } from "./notification-sound.ts";
import { askNotificationPermission, shouldNotify, showBrowserNotification } from "./ticket-notifications.ts";
import { applyTitleBadge } from "./title-badge.ts";

const pageVisible = () => typeof document === "undefined" || document.visibilityState !== "hidden";

/**
 * While /tickets is open: a new inbound message of one of "my" tickets that I am not
 * looking at plays the chime, shows a desktop notification (when allowed) and counts in
 * the title badge (① … ⑳, then "(N)"). A ticket leaves the count when it is read
 * (updateUnread, unread back to 0), deleted, or opened here.
 * @returns the tickets waiting, by id → uuid
 */
export function useTicketNotifications(selectedUuid: string | null, openTicket: (uuid: string) => void): Map<number, string> {
  const { t } = useTranslation("tickets");
  const { user } = useSession();
  const [waiting, setWaiting] = useState<Map<number, string>>(() => new Map());

  const drop = (pred: (id: number, uuid: string) => boolean) =>
    setWaiting((prev) => {
      const next = new Map([...prev].filter(([id, uuid]) => !pred(id, uuid)));
      return next.size === prev.size ? prev : next;
    });

  useEffect(() => {
    emitRealtime("joinNotification");
    askNotificationPermission();
  }, []);

  useCompanyEvent("appMessage", (event: AppMessageEvent) => {
    if (!shouldNotify(event, user, selectedUuid, pageVisible())) return;
    const { ticket, message } = event;
    setWaiting((prev) => new Map(prev).set(ticket.id, ticket.uuid));
    playNotificationSound();
    const body = message.body?.trim() || t("page.notification.media");
    showBrowserNotification(ticket.contact?.name || t("page.notification.title"), body, `ticket-${ticket.id}`, ticket.contact?.urlPicture, () => openTicket(ticket.uuid));
  });

  useCompanyEvent("ticket", (event: TicketEvent) => {
    if (event?.action === "updateUnread" || event?.action === "delete") drop((id) => id === event.ticketId);
    else if (event?.action === "update" && event.ticket?.unreadMessages === 0) drop((id) => id === event.ticket.id);
  });

  // Opening a ticket (or coming back to the tab where it is open) reads it.
  useEffect(() => {
    if (!selectedUuid) return;
    const seen = () => pageVisible() && drop((_id, uuid) => uuid === selectedUuid);
    seen();
    document.addEventListener("visibilitychange", seen);
    return () => document.removeEventListener("visibilitychange", seen);
  }, [selectedUuid]);

  useEffect(() => {
    applyTitleBadge(waiting.size);
  }, [waiting]);
  useEffect(() => () => applyTitleBadge(0), []);

  return waiting;
}
