import { useState } from "react";
import { Popover } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { NotificationsPopoverList } from "./notifications-popover-list.tsx";
import { useNotifications } from "./use-notifications.ts";
import { BadgedIconButton } from "../../../../web/src/ui/index.ts";

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
      <BadgedIconButton icon="notifications" label={t("notifications.label", { count })} title={t("notifications.title")} count={count} badgeTestId="notifications-badge" />
    </Popover>
  );
}

export default NotificationsBell;
