import { useCallback, useEffect, useReducer, useState } from "react";
import { useCompanyEvent } from "../../../../web/src/realtime/realtime.ts";
import { toastError } from "../../../../web/src/ui/toast.ts";
import type { AppMessageEvent, MessageView } from "../../shared/ticket-types.ts";
import { useLazyListMessagesQuery, useListMessagesQuery } from "../messages-api.ts";

export interface MessagesState {
  messages: MessageView[];
}

export type MessagesAction = { type: "page"; messages: MessageView[] } | { type: "upsert"; message: MessageView } | { type: "deleted"; message: MessageView };

const byTime = (a: MessageView, b: MessageView) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id;

/**
 * Merges what arrived about a message into what is shown. Answers and socket events race
 * (a send's HTTP answer, still at ack 0, can land after the delivery's ack-1 event), so an
 * older copy never overwrites a newer one and an ack never goes down.
 */
export function mergeMessage(shown: MessageView, incoming: MessageView): MessageView {
  const ack = Math.max(shown.ack, incoming.ack) as MessageView["ack"];
  if (Date.parse(incoming.updatedAt) < Date.parse(shown.updatedAt)) return { ...shown, ack };
  return { ...shown, ...incoming, ack };
}

/**
 * The conversation's messages in time order: pages (older ones) merge in, a live creation
 * appends, an update replaces in place, a deletion keeps the bubble marked as deleted.
 */
export function messagesReducer(state: MessagesState, action: MessagesAction): MessagesState {
  switch (action.type) {
    case "page": {
      const fresh = new Map(action.messages.map((m) => [m.id, m]));
      const kept = state.messages.map((m) => fresh.get(m.id) ?? m);
      const known = new Set(kept.map((m) => m.id));
      return { messages: [...action.messages.filter((m) => !known.has(m.id)), ...kept].sort(byTime) };
    }
    case "upsert": {
      if (state.messages.some((m) => m.id === action.message.id))
        return { messages: state.messages.map((m) => (m.id === action.message.id ? mergeMessage(m, action.message) : m)) };
      return { messages: [...state.messages, action.message].sort(byTime) };
    }
    case "deleted":
      return {
        messages: state.messages.map((m) =>
          m.id === action.message.id ? { ...m, ...action.message, isDeleted: true, deletedBy: action.message.deletedBy ?? m.deletedBy ?? "me" } : m,
        ),
      };
  }
}

/**
 * GET /messages/{uuid} page by page (page 1 is the newest) plus the live
 * `company-{id}-appMessage` events of this ticket.
 */
export function useMessages(uuid: string, ticketId: number) {
  const [pageNumber, setPageNumber] = useState(1);
  const [state, dispatch] = useReducer(messagesReducer, { messages: [] });
  const { currentData, isFetching, isError, error } = useListMessagesQuery({ uuid, pageNumber }, { refetchOnMountOrArgChange: true });

  useEffect(() => {
    if (currentData) dispatch({ type: "page", messages: currentData.messages });
  }, [currentData]);
  useEffect(() => {
    if (isError) toastError(error);
  }, [isError, error]);

  // Reading page 1 is what marks a ticket read on the server: a customer message that
  // arrives while the attendant is looking at the ticket is read at once, so its unread
  // count (list badge, notifications) does not rise.
  const [readLatest] = useLazyListMessagesQuery();
  useCompanyEvent("appMessage", (payload: AppMessageEvent) => {
    const message = payload?.message;
    if (!message || message.ticketId !== ticketId) return;
    if (payload.action === "delete") dispatch({ type: "deleted", message });
    else if (payload.action === "create" || payload.action === "update") dispatch({ type: "upsert", message });
    if (payload.action === "create" && !message.fromMe) void readLatest({ uuid, pageNumber: 1 });
  });

  const hasMore = currentData?.hasMore ?? false;
  const loadOlder = useCallback(() => {
    if (!isFetching && hasMore) setPageNumber((p) => p + 1);
  }, [isFetching, hasMore]);

  return {
    messages: state.messages,
    hasMore,
    loading: isFetching,
    loadOlder,
    /** Applies what the API answered (a send, an edit; one message or a list) before the socket event arrives. */
    upsert: useCallback(
      (answer: unknown) => {
        for (const message of Array.isArray(answer) ? answer : [answer]) {
          if (message && typeof message === "object" && typeof (message as MessageView).id === "number" && (message as MessageView).ticketId === ticketId)
            dispatch({ type: "upsert", message: message as MessageView });
        }
      },
      [ticketId],
    ),
    markDeleted: useCallback((message: MessageView) => dispatch({ type: "deleted", message }), []),
  };
}
