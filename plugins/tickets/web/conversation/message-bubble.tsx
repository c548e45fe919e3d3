import { memo } from "react";
import { Button, Checkbox, Icon, Menu, MenuItem, PopoverNext } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { formatTime } from "../../../../web/src/ui/format-date.ts";
import type { MessageView, QuotedMessageView, TicketView } from "../../shared/ticket-types.ts";
import { MessageAck } from "./message-ack.tsx";
import { MessageContent } from "./message-content.tsx";
import { canDelete, canEdit, canTranscribe, isText } from "./message-rules.ts";

export interface MessageActions {
  onReply: (m: MessageView) => void;
  onEdit: (m: MessageView) => void;
  onDelete: (m: MessageView) => void;
  onForward: (m: MessageView) => void;
  onTranscribe: (m: MessageView) => void;
}

/** A reaction message shown as a badge on the message it answers; its id keys the badge. */
export interface Reaction {
  id: number;
  emoji: string;
}

export interface MessageBubbleProps {
  message: MessageView;
  ticket: TicketView;
  actions: MessageActions;
  /** Emojis reacting to this message. */
  reactions: Reaction[];
  transcript?: string;
  selecting: boolean;
  selected: boolean;
  onToggleSelect: (m: MessageView) => void;
}

/** The element id of a message's row, for scrolling to a quoted message. */
export const messageAnchor = (id: number) => `message-${id}`;

function QuotedBlock({ quoted }: { quoted: QuotedMessageView }) {
  const { t } = useTranslation("tickets");
  const author = quoted.fromMe ? t("conversation.message.you") : (quoted.contact?.name ?? "");
  const text = quoted.isDeleted
    ? t("conversation.message.deleted")
    : quoted.body || (isText(quoted) ? "" : t(`conversation.media.kinds.${quoted.mediaType}`, { defaultValue: quoted.mediaType }));
  const jump = () => document.getElementById(messageAnchor(quoted.id))?.scrollIntoView?.({ behavior: "smooth", block: "center" });
  return (
    <button type="button" className={quoted.fromMe ? "msg-quoted msg-quoted-me" : "msg-quoted"} onClick={jump} aria-label={t("conversation.message.goToQuoted")}>
      <strong>{author}</strong>
      <span>{text}</span>
    </button>
  );
}

function MessageMenu({ message, actions, channel }: { message: MessageView; actions: MessageActions; channel: string }) {
  const { t } = useTranslation("tickets");
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu aria-label={t("conversation.actions.menu")}>
          <MenuItem icon="undo" text={t("conversation.actions.reply")} onClick={() => actions.onReply(message)} />
          <MenuItem icon="share" text={t("conversation.actions.forward")} onClick={() => actions.onForward(message)} />
          {canEdit(message, Date.now(), channel) ? <MenuItem icon="edit" text={t("conversation.actions.edit")} onClick={() => actions.onEdit(message)} /> : null}
          {canDelete(message, channel) ? <MenuItem icon="trash" intent="danger" text={t("conversation.actions.delete")} onClick={() => actions.onDelete(message)} /> : null}
          {canTranscribe(message) ? <MenuItem icon="translate" text={t("conversation.actions.transcribe")} onClick={() => actions.onTranscribe(message)} /> : null}
        </Menu>
      }
    >
      <Button className="msg-menu-button" size="small" variant="minimal" icon="chevron-down" aria-label={t("conversation.actions.menu")} />
    </PopoverNext>
  );
}

/** One message: a bubble left (customer) or right (fromMe) with its marks, quote, content and actions. */
export const MessageBubble = memo(function MessageBubble({ message, ticket, actions, reactions, transcript, selecting, selected, onToggleSelect }: MessageBubbleProps) {
  const { t } = useTranslation("tickets");
  const m = message;
  const classes = ["msg-bubble", m.fromMe ? "msg-bubble-me" : "msg-bubble-them", m.isPrivate ? "msg-bubble-private" : "", m.isDeleted ? "msg-bubble-deleted" : ""];
  return (
    <div id={messageAnchor(m.id)} className={m.fromMe ? "msg-row msg-row-me" : "msg-row msg-row-them"} data-testid="message">
      {selecting ? <Checkbox className="msg-select" checked={selected} onChange={() => onToggleSelect(m)} aria-label={t("conversation.forward.select")} /> : null}
      <div className={classes.filter(Boolean).join(" ")}>
        {!m.isDeleted && !selecting ? <MessageMenu message={m} actions={actions} channel={ticket.channelKind} /> : null}
        {m.isPrivate ? (
          <div className="msg-private-label">
            <Icon icon="lock" size={12} /> {t("conversation.message.private")}
          </div>
        ) : null}
        {m.isForwarded ? (
          <div className="msg-forwarded">
            <Icon icon="share" size={12} /> {t("conversation.message.forwarded")}
          </div>
        ) : null}
        {ticket.isGroup && !m.fromMe && m.contact ? <div className="msg-author">{m.contact.name}</div> : null}
        {m.quotedMsg && !m.isDeleted ? <QuotedBlock quoted={m.quotedMsg} /> : null}
        <MessageContent message={m} ticket={ticket} />
        {transcript !== undefined ? (
          <div className="msg-transcript" role="note" aria-label={t("conversation.actions.transcription")}>
            {transcript}
          </div>
        ) : null}
        <div className="msg-meta">
          {m.isEdited && !m.isDeleted ? <span className="msg-edited">{t("conversation.message.edited")}</span> : null}
          <time dateTime={m.createdAt}>{formatTime(m.createdAt)}</time>
          {m.fromMe ? <MessageAck ack={m.ack} /> : null}
        </div>
        {reactions.length ? (
          <ul className="msg-reactions" aria-label={t("conversation.message.reactions")}>
            {reactions.map((r) => (
              <li key={r.id}>{r.emoji}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
});
