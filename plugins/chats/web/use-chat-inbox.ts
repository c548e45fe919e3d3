import { useEffect, useRef } from "react";
import { useCompanyEvent } from "../../../web/src/realtime/realtime.ts";
import { useAppSelector } from "../../../web/src/store/store.ts";
import { SEARCH_DEBOUNCE_MS } from "../../../web/src/ui/index.ts";
import { playNotificationSound } from "../../tickets/web/public.ts";
import type { ChatEvent } from "../shared/chat-types.ts";
import { useGetChatInboxQuery } from "./chats-api.ts";

/** The signed-in user's id (0 before the session is known). */
export const useMyId = () => useAppSelector((s) => s.session.user?.id ?? 0);

/** The caller's latest chats and unread total (GET /chats page 1), shared by the popover and the menu dot. */
export function useChatInbox() {
  const { data, isFetching } = useGetChatInboxQuery();
  return { chats: data?.records ?? [], unreads: data?.unreads ?? 0, loading: isFetching && !data };
}

/** Whether the user is looking at this chat right now (its page is open and the tab is visible). */
function watching(uuid: string): boolean {
  return typeof document !== "undefined" && document.visibilityState === "visible" && window.location.pathname === `/chats/${uuid}`;
}

/**
 * Keeps the inbox live (mount once: the top-bar popover does): any chat event of the user
 * (`company-{id}-chat`, `company-{id}-chat-user-{me}`) reads the inbox again 500 ms after the
 * last one (spec 000 §9 "chat list fetch 500 ms"), and a message from someone else plays the
 * notification chime (spec 000 §1) unless that chat is open before the user's eyes.
 */
export function useChatInboxLive(): void {
  const me = useMyId();
  const { refetch } = useGetChatInboxQuery();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const later = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void refetch(), SEARCH_DEBOUNCE_MS);
  };
  useCompanyEvent("chat", (payload) => {
    const event = payload as ChatEvent | undefined;
    if (event?.action === "new-message" && event.newMessage.senderId !== me && !watching(event.chat.uuid)) playNotificationSound();
    later();
  });
  useCompanyEvent(`chat-user-${me}`, later);
}
