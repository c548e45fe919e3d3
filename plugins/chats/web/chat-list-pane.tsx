import { useState } from "react";
import { Button, InputGroup, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useCompanyEvent } from "../../../web/src/realtime/realtime.ts";
import { EmptyState, ListFooter, useLiveList, type LivePage } from "../../../web/src/ui/index.ts";
import type { ChatEvent } from "../shared/chat-types.ts";
import { ChatListItem } from "./chat-list-item.tsx";
import { useGetChatsPageQuery, type ChatView } from "./chats-api.ts";
import { useMyId } from "./use-chat-inbox.ts";

/** Latest activity first, as the server answers. */
const byActivity = (a: ChatView, b: ChatView) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id;

export interface ChatListPaneProps {
  activeUuid?: string;
  onOpen: (chat: ChatView) => void;
  onNew: () => void;
  /** The page's own saves and deletions go through these. */
  register: (list: { upsert: (chat: ChatView) => void; remove: (id: number) => void }) => void;
}

/**
 * The user's chats (spec 000 §2 /chats): search (500 ms), infinite scroll, and live: their own
 * list events (`company-{id}-chat-user-{me}`: added, edited, deleted, removed from) and the
 * chats' news (`company-{id}-chat`: a new message moves it up with its unread count).
 */
export function ChatListPane({ activeUuid, onOpen, onNew, register }: ChatListPaneProps) {
  const { t } = useTranslation("chats");
  const me = useMyId();
  const [search, setSearch] = useState("");
  const list = useLiveList({
    query: useGetChatsPageQuery,
    args: (searchParam, pageNumber) => ({ searchParam, pageNumber }),
    page: (p): LivePage<ChatView> => ({ records: p.records, count: p.count, hasMore: p.hasMore }),
    topic: `chat-user-${me}`,
    payloadKey: "chat",
    search: search.trim(),
    order: byActivity,
    insertOn: "upsert",
    loadError: t("page.loadError"),
  });
  register(list);
  useCompanyEvent("chat", (payload) => {
    const event = payload as ChatEvent | undefined;
    if (event?.action === "delete") list.remove(event.chatId);
    else if (event?.chat && !search.trim()) list.upsert(event.chat);
  });

  return (
    <div className="chats-page-list">
      <div className="chats-page-list-header">
        <InputGroup leftIcon="search" placeholder={t("page.search")} aria-label={t("page.search")} value={search} onChange={(e) => setSearch(e.target.value)} />
        <Button intent={Intent.PRIMARY} icon="plus" aria-label={t("page.new")} title={t("page.new")} onClick={onNew} />
      </div>
      <div className="chats-page-list-body">
        {list.empty ? <EmptyState icon="chat" title={t("page.empty")} description={t("page.emptyHint")} /> : null}
        <ul className="chats-list" aria-label={t("page.title")}>
          {list.records.map((chat) => (
            <li key={chat.id}>
              <ChatListItem chat={chat} me={me} active={chat.uuid === activeUuid} onOpen={onOpen} />
            </li>
          ))}
        </ul>
        <ListFooter sentinel={list.sentinel} loading={list.loading} />
      </div>
    </div>
  );
}
