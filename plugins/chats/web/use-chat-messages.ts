import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { useCompanyEvent } from "../../../web/src/realtime/realtime.ts";
import type { ChatEvent } from "../shared/chat-types.ts";
import { useGetChatMessagesQuery, type ChatMessageView } from "./chats-api.ts";

/** Older messages load when the reader scrolls within 600 px of the top (spec 000 §9 "chat history"). */
export const OLDER_MARGIN_PX = 600;

/** Merges messages by id, oldest first (pages overlap when new messages arrived meanwhile). */
export function mergeMessages(current: ChatMessageView[], more: ChatMessageView[]): ChatMessageView[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export interface ChatMessagesOptions {
  chatId: number;
  /** The scrolling box of the messages. */
  box: RefObject<HTMLDivElement | null>;
  /** A message from someone else arrived while the chat is open. */
  onIncoming?: (message: ChatMessageView) => void;
  /** The chat changed (`update`) or was deleted (`delete`) while open. */
  onChat?: (event: ChatEvent) => void;
}

/**
 * A chat's conversation: page 1 (the newest 20), older pages as the reader scrolls up (the
 * scroll position kept), and new messages live from `company-{id}-chat-{chatId}` (only the
 * chat's members are in its room). It stays at the bottom while the reader is there.
 */
export function useChatMessages({ chatId, box, onIncoming, onChat }: ChatMessagesOptions) {
  const [pageNumber, setPageNumber] = useState(1);
  const [messages, setMessages] = useState<ChatMessageView[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const stick = useRef(true);
  /** Answers merged so far: the older page's anchor waits for the next one, not just the end of the fetch. */
  const [merged, setMerged] = useState(0);
  const anchor = useRef<{ height: number; top: number; merged: number } | null>(null);

  useEffect(() => {
    setPageNumber(1);
    setMessages([]);
    setHasMore(false);
    stick.current = true;
  }, [chatId]);

  // Page 1 stays subscribed while older pages load: after a realtime gap RTK Query reads it
  // again (refetchOnReconnect), which brings the messages the socket missed.
  const newest = useGetChatMessagesQuery({ chatId, pageNumber: 1 }, { refetchOnMountOrArgChange: true });
  const older = useGetChatMessagesQuery({ chatId, pageNumber }, { skip: pageNumber === 1, refetchOnMountOrArgChange: true });
  const isFetching = newest.isFetching || older.isFetching;
  const isError = newest.isError || older.isError;
  useEffect(() => {
    const page = newest.currentData;
    if (!page) return;
    setMessages((m) => mergeMessages(m, page.records));
    if (pageNumber === 1) {
      setHasMore(page.hasMore);
      setMerged((n) => n + 1);
    }
  }, [newest.currentData]);
  useEffect(() => {
    const page = older.currentData;
    if (!page || pageNumber === 1) return;
    setMessages((m) => mergeMessages(m, page.records));
    setHasMore(page.hasMore);
    setMerged((n) => n + 1);
  }, [older.currentData]);

  const add = useCallback((message: ChatMessageView) => setMessages((m) => mergeMessages(m, [message])), []);

  useCompanyEvent(`chat-${chatId}`, (payload) => {
    const event = payload as ChatEvent | undefined;
    if (!event) return;
    if (event.action === "new-message") {
      add(event.newMessage);
      onIncoming?.(event.newMessage);
    } else onChat?.(event);
  });

  const loadOlder = useCallback(() => {
    const el = box.current;
    if (!el || isFetching || !hasMore) return;
    // Keep what the reader sees in place once the older page is put above it.
    if (anchor.current) return;
    anchor.current = { height: el.scrollHeight, top: el.scrollTop, merged };
    setPageNumber((p) => p + 1);
  }, [box, isFetching, hasMore, merged]);

  const onScroll = useCallback(() => {
    const el = box.current;
    if (!el) return;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    if (el.scrollTop < OLDER_MARGIN_PX) loadOlder();
  }, [box, loadOlder]);

  // After each change: once the older page is merged, keep what the reader saw in place; else follow the bottom.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    if (anchor.current) {
      if (merged === anchor.current.merged && !isError) return;
      el.scrollTop = anchor.current.top + (el.scrollHeight - anchor.current.height);
      anchor.current = null;
    } else if (stick.current) el.scrollTop = el.scrollHeight;
  }, [messages, merged, isError, box]);

  // A short first page may not fill the box: no scroll would ever ask for more.
  useEffect(() => {
    const el = box.current;
    if (el && !isFetching && hasMore && el.scrollHeight <= el.clientHeight + OLDER_MARGIN_PX && el.scrollTop < OLDER_MARGIN_PX && messages.length > 0) loadOlder();
  }, [messages.length, isFetching, hasMore, box, loadOlder]);

  return {
    messages,
    hasMore,
    loading: isFetching,
    isError,
    onScroll,
    /** A message this page sent (the event may come before or after the answer). */
    add: (message: ChatMessageView) => {
      stick.current = true;
      add(message);
    },
  };
}
