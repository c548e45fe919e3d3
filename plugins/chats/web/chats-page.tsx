import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { useCompanyEvent } from "../../../web/src/realtime/realtime.ts";
import { ConfirmDialog, LoadingState, useConfirmedAction } from "../../../web/src/ui/index.ts";
import type { ChatUserEvent } from "../shared/chat-types.ts";
import { ChatConversation } from "./chat-conversation.tsx";
import { ChatDialog } from "./chat-dialog.tsx";
import { ChatListPane } from "./chat-list-pane.tsx";
import { useDeleteChatMutation, useGetChatQuery, type ChatView } from "./chats-api.ts";
import { useMyId } from "./use-chat-inbox.ts";
import "./chats.css";

type ListHandle = { upsert: (chat: ChatView) => void; remove: (id: number) => void };

/**
 * /chats and /chats/{uuid} (spec 000 §2, needs useInternalChat: the manifest's planFlag): the
 * user's chats beside the open one. An unknown uuid, or a chat deleted while open, goes back
 * to /chats (spec 000 §4).
 */
export function ChatsPage({ params }: { params: { uuid?: string } }) {
  const { t } = useTranslation("chats");
  const [, navigate] = useLocation();
  const me = useMyId();
  const uuid = params.uuid;
  const chat = useGetChatQuery(uuid ?? "", { skip: !uuid, refetchOnMountOrArgChange: true });
  const [open, setOpen] = useState<ChatView | null>(null);
  const list = useRef<ListHandle | null>(null);
  const register = useCallback((handle: ListHandle) => {
    list.current = handle;
  }, []);
  const [dialog, setDialog] = useState<{ open: boolean; chat: ChatView | null }>({ open: false, chat: null });
  const [deleteChat, deleting] = useDeleteChatMutation();
  const deletion = useConfirmedAction((c: ChatView) => deleteChat(c.id).unwrap(), {
    success: t("confirm.deleted"),
    onDone: (c) => {
      list.current?.remove(c.id);
      if (c.uuid === uuid) navigate("/chats");
    },
  });

  useEffect(() => {
    if (!uuid) setOpen(null);
    else if (chat.currentData) setOpen(chat.currentData);
  }, [uuid, chat.currentData]);
  useEffect(() => {
    if (uuid && chat.isError) navigate("/chats", { replace: true });
  }, [uuid, chat.isError, navigate]);

  const shown = open && open.uuid === uuid ? open : null;
  // Removed from the open chat by its owner: its room no longer reaches this user, so the
  // user's own list event closes it (spec 000 §4, as a deletion does).
  useCompanyEvent(`chat-user-${me}`, (payload) => {
    const event = payload as ChatUserEvent | undefined;
    if (event?.action === "delete" && shown && event.chatId === shown.id) navigate("/chats");
  });

  return (
    <div className={uuid ? "chats-page chats-page-has-chat" : "chats-page"}>
      <ChatListPane activeUuid={uuid} onOpen={(c) => navigate(`/chats/${c.uuid}`)} onNew={() => setDialog({ open: true, chat: null })} register={register} />
      <section className="chats-page-conversation" aria-label={shown?.title ?? t("page.title")}>
        {shown ? (
          <ChatConversation
            key={shown.id}
            chat={shown}
            onEdit={(c) => setDialog({ open: true, chat: c })}
            onDelete={(c) => deletion.ask(c)}
            onGone={() => navigate("/chats")}
            onChanged={setOpen}
            onBack={() => navigate("/chats")}
          />
        ) : uuid ? (
          <LoadingState />
        ) : (
          <div className="chats-pick">{t("page.pick")}</div>
        )}
      </section>
      <ChatDialog
        isOpen={dialog.open}
        chat={dialog.chat}
        onClose={() => setDialog({ open: false, chat: null })}
        onSaved={(saved) => {
          list.current?.upsert(saved);
          if (dialog.chat === null) navigate(`/chats/${saved.uuid}`);
          else setOpen(saved);
        }}
      />
      <ConfirmDialog {...deletion.dialog} title={t("confirm.title", { title: deletion.target?.title ?? "" })} message={t("confirm.message")} loading={deleting.isLoading} />
    </div>
  );
}

export default ChatsPage;
