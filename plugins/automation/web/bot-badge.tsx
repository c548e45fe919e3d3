import { Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { TicketHeaderActionProps, TicketListBadgeProps } from "../../tickets/web/public.ts";

/**
 * "Bot" on a ticket the bot is still talking with (`isBot`: a menu is waiting for the
 * customer's answer), in the ticket list row (`tickets.listItemBadges`). Nothing for any other ticket.
 */
export function BotBadge({ ticket }: TicketListBadgeProps | TicketHeaderActionProps) {
  const { t } = useTranslation("automation");
  if (!ticket.isBot) return null;
  return (
    <Tag round minimal intent="primary" icon="chat" title={t("botBadge.title")} data-testid="bot-badge">
      {t("botBadge.label")}
    </Tag>
  );
}
