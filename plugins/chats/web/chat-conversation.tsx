import { useEffect, useRef } from "react";
import { Button, H4, Intent, NonIdealState, Spinner } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../web/src/ui/index.ts";
import { ChatComposer } from "./chat-composer.tsx";
import { unreadsOf } from "./chat-list-item.tsx";
import { useMarkChatReadMutation, type ChatView } from "./chats-api.ts";
import { useMyId } from "./use-chat-inbox.ts";
import { useChatMessages } from "./use-chat-messages.ts";

export interface ChatConversationProps {
  chat: ChatView;
  onEdit: (chat: ChatView) => void;
  onDelete: (chat: ChatView) => void;
  /** The chat was deleted (by its owner, elsewhere) while open. */
  onGone: () => void;
  /** The chat changed (title, members, unreads) while open. */
  onChanged: (chat: ChatView) => void;
  /** Narrow screens: back to the list. */
  onBack?: () => void;
}

/**
 * One open chat: title and members, edit and delete for its owner only (spec 000 §4), the
 * messages (older ones on scroll up, new ones live) and the composer. Opening it and each
 * message from someone else while it is open mark it read.
 */
export function ChatConversation({ chat, onEdit, onDelete, onGone, onChanged, onBack }: ChatConversationProps) {
  const { t } = useTranslation("chats");
  const me = useMyId();
  const box = useRef<HTMLDivElement>(null);
  const [markRead] = useMarkChatReadMutation();
  const read = () => {
    if (document.visibilityState === "visible") void markRead({ id: chat.id, userId: me }).catch(() => {});
  };
  const conversation = useChatMessages({
    chatId: chat.id,
    box,
    onIncoming: (m) => m.senderId !== me && read(),
    onChat: (e) => (e.action === "delete" ? onGone() : e.action === "update" ? onChanged(e.chat) : undefined),
  });

  // Opening a chat with unread messages reads them.
  const unread = unreadsOf(chat, me);
  useEffect(() => {
    if (unread > 0) read();
  }, [chat.id]);
  // Messages that came while the tab was hidden stayed unread (and chimed): coming back reads them.
  useEffect(() => {
    const back = () => document.visibilityState === "visible" && read();
    document.addEventListener("visibilitychange", back);
    return () => document.removeEventListener("visibilitychange", back);
  }, [chat.id]);

  const isOwner = chat.ownerId === me;
  const members = chat.users.map((u) => u.user.name).join(", ");

  return (
    <>
      <header className="chats-conversation-header">
        {onBack ? <Button variant="minimal" icon="arrow-left" aria-label={t("page.back")} onClick={onBack} /> : null}
        <div className="chats-conversation-title">
          <H4>{chat.title}</H4>
          <div className="chats-conversation-members" title={members}>
            {t("messages.members", { count: chat.users.length })}: {members}
          </div>
        </div>
        {isOwner ? (
          <>
            <Button
              variant="minimal"
              icon="edit"
              aria-label={t("actions.edit", { title: chat.title })}
              title={t("actions.edit", { title: chat.title })}
              onClick={() => onEdit(chat)}
            />
            <Button
              variant="minimal"
              icon="trash"
              intent={Intent.DANGER}
              aria-label={t("actions.delete", { title: chat.title })}
              title={t("actions.delete", { title: chat.title })}
              onClick={() => onDelete(chat)}
            />
          </>
        ) : null}
      </header>
      <div className="chats-messages" ref={box} onScroll={conversation.onScroll} role="log" aria-label={chat.title} aria-busy={conversation.loading}>
        {conversation.loading && conversation.hasMore ? <Spinner size={20} aria-label={t("messages.loading")} /> : null}
        {conversation.loading && conversation.messages.length === 0 ? <Spinner size={24} aria-label={t("messages.loading")} /> : null}
        {!conversation.loading && conversation.messages.length === 0 ? <NonIdealState icon="chat" description={t("messages.empty")} /> : null}
        {conversation.messages.map((m) => {
          const mine = m.senderId === me;
          return (
            <div key={m.id} className={mine ? "chats-message chats-message-mine" : "chats-message"} data-testid="chat-message">
              {mine ? null : <div className="chats-message-sender">{m.sender?.name ?? t("messages.removedUser")}</div>}
              <div>{m.message}</div>
              <div className="chats-message-time">{formatDateTime(m.createdAt)}</div>
            </div>
          );
        })}
      </div>
      <ChatComposer chatId={chat.id} onSent={conversation.add} />
    </>
  );
}
