import { Menu, MenuItem } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { TicketView } from "../../shared/ticket-types.ts";
import { cut, LAST_MESSAGE_MAX, listTime, NAME_MAX } from "../list/ticket-format.ts";
import type { NotificationList } from "./notification-list.ts";
import { plainWhatsAppText } from "../conversation/formatted-text.tsx";

/** A ticket without a queue shows a neutral grey stripe. */
const NO_QUEUE_COLOR = "#8f99a8";

/** The popover's content: one row per unread ticket (contact, last message cut at 40, time, queue colour). */
export function NotificationsPopoverList({ tickets, onOpen }: { tickets: NotificationList; onOpen: (ticket: TicketView) => void }) {
  const { t } = useTranslation("tickets");
  return (
    <div className="tickets-notifications" style={{ width: 340, maxWidth: "calc(100vw - 24px)", padding: 8 }}>
      <div style={{ fontWeight: 600, padding: "0 4px 8px" }}>{t("notifications.title")}</div>
      {tickets.length ? (
        <div style={{ maxHeight: 360, overflowY: "auto" }}>
          <Menu style={{ padding: 0 }} aria-label={t("notifications.title")}>
            {tickets.map((ticket) => (
              <MenuItem
                key={ticket.id}
                data-testid="notification-item"
                data-queue-color={ticket.queue?.color || NO_QUEUE_COLOR}
                style={{ borderLeft: `4px solid ${ticket.queue?.color || NO_QUEUE_COLOR}`, marginBottom: 4 }}
                title={ticket.queue?.name ?? t("notifications.noQueue")}
                onClick={() => onOpen(ticket)}
                text={
                  <div>
                    <div style={{ fontWeight: 600, overflow: "hidden", textOverflow: "ellipsis" }}>{cut(ticket.contact?.name, NAME_MAX)}</div>
                    <div className="bp6-text-muted bp6-text-small" data-testid="notification-last-message" style={{ overflow: "hidden", textOverflow: "ellipsis" }}>
                      {cut(plainWhatsAppText(ticket.lastMessage ?? ""), LAST_MESSAGE_MAX)}
                    </div>
                  </div>
                }
                labelElement={
                  <span className="bp6-text-small" data-testid="notification-time">
                    {listTime(ticket.updatedAt)}
                  </span>
                }
              />
            ))}
          </Menu>
        </div>
      ) : (
        <div className="bp6-text-muted" style={{ padding: 12, textAlign: "center" }}>
          {t("notifications.empty")}
        </div>
      )}
    </div>
  );
}
