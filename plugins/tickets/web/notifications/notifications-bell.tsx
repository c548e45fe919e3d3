import { useState } from "react";
import { Button, Popover } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { NotificationsPopoverList } from "./notifications-popover-list.tsx";
import { useNotifications } from "./use-notifications.ts";

/**
 * The top-bar bell (spec 000 §1, §2): a badge with the count of unread tickets and the
 * notifications popover. Mounted on every private page, so the chime and the title badge
 * work wherever the user is, not only on /tickets.
 */
export function NotificationsBell() {
  const { t } = useTranslation("tickets");
  const [isOpen, setOpen] = useState(false);
  const { tickets, open } = useNotifications();
  const count = tickets.length;

  return (
    <Popover
      isOpen={isOpen}
      onInteraction={(next) => setOpen(next)}
      placement="bottom-end"
      content={
        isOpen ? (
          <NotificationsPopoverList
            tickets={tickets}
            onOpen={(ticket) => {
              setOpen(false);
              open(ticket.uuid);
            }}
          />
        ) : undefined
      }
    >
      <span style={{ position: "relative", display: "inline-flex" }}>
        <Button variant="minimal" icon="notifications" aria-label={t("notifications.label", { count })} title={t("notifications.title")} />
        {count > 0 ? (
          <span
            data-testid="notifications-badge"
            style={{
              position: "absolute",
              top: 0,
              right: 0,
              minWidth: 16,
              height: 16,
              padding: "0 4px",
              borderRadius: 8,
              background: "#cd4246",
              color: "#fff",
              fontSize: 10,
              lineHeight: "16px",
              textAlign: "center",
              pointerEvents: "none",
            }}
          >
            {count > 99 ? "99+" : count}
          </span>
        ) : null}
      </span>
    </Popover>
  );
}

export default NotificationsBell;
