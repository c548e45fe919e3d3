import { Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { Zone } from "../../../../web/src/plugin/zone.tsx";
import { ContactAvatar } from "../../../contacts/web/public.ts";
import type { TicketView } from "../../shared/ticket-types.ts";
import { cut, LAST_MESSAGE_MAX, listTime, NAME_MAX, ratingEmoji } from "./ticket-format.ts";
import { plainWhatsAppText } from "../conversation/formatted-text.tsx";

const chip = (color: string | null | undefined) => (color ? { background: color, color: "#fff" } : undefined);

export interface TicketListItemProps {
  ticket: TicketView;
  selected: boolean;
  /** Admins see who attends the ticket. */
  showUser: boolean;
  onSelect: (uuid: string) => void;
}

/**
 * One row of the list (spec 000 §2): picture, name (60), last message (40), time, unread
 * count, queue, connection, attendant (admin), then the `tickets.listItemBadges` zone (the tags
 * plugin's first two tags and '+N'), and the rating emoji of a rated ticket.
 */
export function TicketListItem({ ticket, selected, showUser, onSelect }: TicketListItemProps) {
  const { t } = useTranslation("tickets");
  const name = ticket.contact?.name ?? "";
  const emoji = ratingEmoji(ticket.userRating?.rate);
  return (
    <li className={selected ? "tickets-item is-selected" : "tickets-item"} style={ticket.queue?.color ? { borderLeftColor: ticket.queue.color } : undefined}>
      <button type="button" className="tickets-item-button" aria-current={selected ? "true" : undefined} onClick={() => onSelect(ticket.uuid)}>
        <ContactAvatar name={name} src={ticket.contact?.urlPicture} size={40} />
        <span className="tickets-item-main">
          <span className="tickets-item-top">
            <span className="tickets-item-name" title={name}>
              {cut(name, NAME_MAX)}
            </span>
            {emoji ? (
              <span className="tickets-item-rating" role="img" aria-label={t("list.item.rating", { rate: ticket.userRating?.rate })}>
                {emoji}
              </span>
            ) : null}
            <span className="tickets-item-time">{listTime(ticket.updatedAt)}</span>
          </span>
          <span className="tickets-item-bottom">
            <span className="tickets-item-last">{cut(plainWhatsAppText(ticket.lastMessage ?? ""), LAST_MESSAGE_MAX)}</span>
            {ticket.unreadMessages > 0 ? (
              <Tag round intent="success" className="tickets-item-unread" aria-label={t("list.item.unread", { count: ticket.unreadMessages })}>
                {ticket.unreadMessages}
              </Tag>
            ) : null}
          </span>
          <span className="tickets-item-tags">
            {/* issue 14: waiting for the customer's rating or data consent (found through search and the status filter) */}
            {ticket.status === "nps" || ticket.status === "lgpd" ? (
              <Tag round intent="warning" className="tickets-item-status">
                {t(`list.status.${ticket.status}`)}
              </Tag>
            ) : null}
            <Tag round minimal={!ticket.queue?.color} style={chip(ticket.queue?.color)}>
              {ticket.queue?.name ?? t("list.noQueue")}
            </Tag>
            {ticket.whatsapp?.name ? (
              <Tag round minimal icon="phone">
                {ticket.whatsapp.name}
              </Tag>
            ) : null}
            {showUser && ticket.user ? (
              <Tag round minimal intent="primary" icon="person" style={chip(ticket.user.color)}>
                {ticket.user.name}
              </Tag>
            ) : null}
            <Zone name="tickets.listItemBadges" props={{ ticket }} />
          </span>
        </span>
      </button>
    </li>
  );
}
