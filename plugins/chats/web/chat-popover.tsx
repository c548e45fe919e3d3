import { useState } from "react";
import { Button, Popover, Spinner } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { ChatListItem } from "./chat-list-item.tsx";
import { useChatInbox, useChatInboxLive, useMyId } from "./use-chat-inbox.ts";
import "./chats.css";

/**
 * The top bar's internal chat popover (spec 000 §2 dialogs): a dot while anything is unread,
 * the latest chats with their unread counts, a click opens one at /chats/{uuid}. Mounted on
 * every private page, it also keeps the inbox live and plays the chime (use-chat-inbox.ts).
 */
export function ChatPopover() {
  const { t } = useTranslation("chats");
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const me = useMyId();
  const { chats, unreads, loading } = useChatInbox();
  useChatInboxLive();
  const go = (path: string) => {
    setOpen(false);
    navigate(path);
  };

  const content = (
    <div className="chats-popover" data-testid="chats-popover">
      <div className="chats-popover-header">{t("popover.title")}</div>
      <div className="chats-popover-list">
        {loading ? <Spinner size={24} style={{ margin: 16 }} /> : null}
        {!loading && chats.length === 0 ? <p style={{ padding: 12, margin: 0 }}>{t("popover.empty")}</p> : null}
        {chats.map((chat) => (
          <ChatListItem key={chat.id} chat={chat} me={me} onOpen={(c) => go(`/chats/${c.uuid}`)} />
        ))}
      </div>
      <div className="chats-popover-footer">
        <Button variant="minimal" size="small" text={t("popover.openAll")} onClick={() => go("/chats")} />
      </div>
    </div>
  );

  return (
    <Popover isOpen={open} onInteraction={setOpen} placement="bottom-end" content={content}>
      <span className="chats-topbar-button">
        <Button variant="minimal" icon="comment" aria-label={unreads > 0 ? t("popover.buttonUnread") : t("popover.button")} title={t("popover.button")} />
        {unreads > 0 ? <span className="chats-dot" data-testid="chats-topbar-dot" /> : null}
      </span>
    </Popover>
  );
}
