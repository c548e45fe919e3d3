import { Fragment, useLayoutEffect, useMemo, useRef, type UIEvent } from "react";
import { Spinner } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { MessageView, TicketView } from "../../shared/ticket-types.ts";
import { MessageBubble, type MessageActions, type Reaction } from "./message-bubble.tsx";
import { dayKey, dayLabel, LOAD_OLDER_MARGIN_PX } from "./message-rules.ts";

export interface MessageListProps {
  ticket: TicketView;
  messages: MessageView[];
  hasMore: boolean;
  loading: boolean;
  loadOlder: () => void;
  actions: MessageActions;
  transcripts: Record<number, string>;
  selecting: boolean;
  selected: ReadonlySet<number>;
  onToggleSelect: (m: MessageView) => void;
}

/** Reactions are not bubbles: they become badges on the message they answer. */
export function splitReactions(messages: MessageView[]) {
  const reactions = new Map<number, Reaction[]>();
  const visible: MessageView[] = [];
  for (const m of messages) {
    if (m.mediaType === "reactionMessage") {
      if (m.quotedMsgId && m.body && !m.isDeleted) reactions.set(m.quotedMsgId, [...(reactions.get(m.quotedMsgId) ?? []), { id: m.id, emoji: m.body }]);
    } else visible.push(m);
  }
  return { visible, reactions };
}

const NO_REACTIONS: Reaction[] = [];

/**
 * The day-separated messages. Opens at the bottom and follows new messages; scrolling
 * within 50 px of the top loads the previous page while keeping what was on screen in place.
 */
export function MessageList({ ticket, messages, hasMore, loading, loadOlder, actions, transcripts, selecting, selected, onToggleSelect }: MessageListProps) {
  const { t } = useTranslation("tickets");
  const box = useRef<HTMLDivElement>(null);
  const seen = useRef({ first: 0, last: 0, height: 0, top: 0 });
  const { visible, reactions } = useMemo(() => splitReactions(messages), [messages]);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const first = visible[0]?.id ?? 0;
    const last = visible.at(-1)?.id ?? 0;
    const before = seen.current;
    if (last !== before.last) el.scrollTop = el.scrollHeight;
    else if (first !== before.first) el.scrollTop = el.scrollHeight - before.height + before.top;
    seen.current = { first, last, height: el.scrollHeight, top: el.scrollTop };
  }, [visible]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    seen.current = { ...seen.current, height: el.scrollHeight, top: el.scrollTop };
    if (el.scrollTop <= LOAD_OLDER_MARGIN_PX && hasMore && !loading) loadOlder();
  };

  const today = t("conversation.today");
  let lastDay = "";
  return (
    <div className="msg-list" ref={box} onScroll={onScroll} role="log" aria-label={t("conversation.messages")} aria-busy={loading}>
      {loading && hasMore ? (
        <div className="msg-list-loading">
          <Spinner size={20} />
        </div>
      ) : null}
      {hasMore && !loading ? (
        <button type="button" className="msg-load-older" onClick={loadOlder}>
          {t("conversation.loadOlder")}
        </button>
      ) : null}
      {visible.map((m) => {
        const day = dayKey(m.createdAt);
        const separator = day !== lastDay;
        lastDay = day;
        return (
          <Fragment key={m.id}>
            {separator ? (
              // biome-ignore lint/a11y/useSemanticElements: the day separator carries its date as visible text, which <hr> cannot hold.
              <div className="msg-day" role="separator">
                <span>{dayLabel(m.createdAt, today)}</span>
              </div>
            ) : null}
            <MessageBubble
              message={m}
              ticket={ticket}
              actions={actions}
              reactions={reactions.get(m.id) ?? NO_REACTIONS}
              transcript={transcripts[m.id]}
              selecting={selecting}
              selected={selected.has(m.id)}
              onToggleSelect={onToggleSelect}
            />
          </Fragment>
        );
      })}
    </div>
  );
}
