import { useState } from "react";
import { Button, Card, Icon, Menu, MenuItem, PopoverNext, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { formatDateTime, formatTime } from "../../../web/src/ui/index.ts";
import { formatNumber } from "../../contacts/web/public.ts";
import type { KanbanTicket } from "./kanban-api.ts";

const sameDay = (iso: string) => new Date(iso).toDateString() === new Date().toDateString();
const channelIcon = { facebook: "social-media", instagram: "camera", api: "code" } as const;

/**
 * A ticket card (spec 002 §3 "Kanban ticket card"): the contact's name and number, the last
 * message, when, unread count, attendant, connection and the ticket's other tags; 'Ver Ticket'
 * opens the conversation. Dragged by the native HTML5 drag events (the ticket id travels as text).
 */
export function KanbanCard({
  ticket,
  laneIds,
  moves,
  onOpen,
  onMove,
}: {
  ticket: KanbanTicket;
  laneIds: ReadonlySet<number>;
  /** The other lanes the card may go to (the keyboard's way, besides dragging). */
  moves: { id: number | null; name: string }[];
  onOpen: (uuid: string) => void;
  onMove: (ticketId: number, laneId: number | null) => void;
}) {
  const { t } = useTranslation("kanban");
  const [dragging, setDragging] = useState(false);
  const chips = ticket.tags.filter((tag) => !laneIds.has(tag.id));
  const icon = channelIcon[ticket.channelKind as keyof typeof channelIcon] ?? "chat";
  return (
    <Card
      className={dragging ? "kanban-card kanban-card-dragging" : "kanban-card"}
      draggable
      aria-label={t("card.drag", { name: ticket.contact.name })}
      data-ticket-id={ticket.id}
      onDragStart={(e) => {
        e.dataTransfer.setData("text/plain", String(ticket.id));
        e.dataTransfer.effectAllowed = "move";
        setDragging(true);
      }}
      onDragEnd={() => setDragging(false)}
    >
      <div className="kanban-card-top">
        <span className="kanban-card-name" title={ticket.contact.name}>
          {ticket.contact.name}
        </span>
        <span className="kanban-card-time" title={formatDateTime(ticket.updatedAt)}>
          {sameDay(ticket.updatedAt) ? formatTime(ticket.updatedAt) : formatDateTime(ticket.updatedAt)}
        </span>
      </div>
      <div className="kanban-card-meta">
        <Icon icon={icon} size={11} /> {formatNumber(ticket.contact.number)}
      </div>
      <div className="kanban-card-message">{ticket.lastMessage || "—"}</div>
      <div className="kanban-card-meta">
        {ticket.user?.name ?? t("card.noUser")}
        {ticket.whatsapp ? ` · ${ticket.whatsapp.name}` : ""}
      </div>
      {chips.length ? (
        <div className="kanban-card-chips">
          {chips.map((tag) => (
            <Tag key={tag.id} round minimal style={{ background: tag.color, color: "#fff" }}>
              {tag.name}
            </Tag>
          ))}
        </div>
      ) : null}
      <div className="kanban-card-bottom">
        {ticket.unreadMessages > 0 ? (
          <Tag round intent="success">
            {t("card.unread", { count: ticket.unreadMessages })}
          </Tag>
        ) : (
          <span />
        )}
        <span style={{ display: "inline-flex", gap: 4 }}>
          {moves.length ? (
            <PopoverNext
              placement="bottom-end"
              content={
                <Menu aria-label={t("card.moveTo", { name: ticket.contact.name })}>
                  {moves.map((m) => (
                    <MenuItem key={m.id ?? "default"} icon="arrow-right" text={m.name} onClick={() => onMove(ticket.id, m.id)} />
                  ))}
                </Menu>
              }
            >
              <Button size="small" variant="minimal" icon="exchange" aria-label={t("card.moveTo", { name: ticket.contact.name })} title={t("card.move")} />
            </PopoverNext>
          ) : null}
          <Button size="small" variant="outlined" intent="primary" text={t("card.open")} onClick={() => onOpen(ticket.uuid)} />
        </span>
      </div>
    </Card>
  );
}
