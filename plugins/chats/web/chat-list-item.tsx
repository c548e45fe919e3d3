import { useTranslation } from "react-i18next";
import type { ChatView } from "./chats-api.ts";

/** The caller's unread count in a chat (spec 000 §3 users.unreads). */
export const unreadsOf = (chat: ChatView, userId: number) => chat.users.find((u) => u.userId === userId)?.unreads ?? 0;

/** One chat in a list: title, last message, the caller's unread count. */
export function ChatListItem({ chat, me, active = false, onOpen }: { chat: ChatView; me: number; active?: boolean; onOpen: (chat: ChatView) => void }) {
  const { t } = useTranslation("chats");
  const unread = unreadsOf(chat, me);
  return (
    <button type="button" className={active ? "chats-item chats-item-active" : "chats-item"} aria-current={active ? "true" : undefined} onClick={() => onOpen(chat)}>
      <span className="chats-item-text">
        <div className="chats-item-title">{chat.title}</div>
        <div className="chats-item-last">{chat.lastMessage || t("list.noMessages")}</div>
      </span>
      {unread > 0 ? (
        <span className="chats-item-unread" role="status" aria-label={t("list.unread", { count: unread })}>
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </button>
  );
}
