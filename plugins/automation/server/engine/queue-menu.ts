import { enterQueue } from "./queue-flow.ts";
import { parseReply } from "./reply.ts";
import type { Turn } from "./turn.ts";

/**
 * The connection's queue menu (issue 13 "Several queues"): its greeting (with the greeting
 * media the first time) over its queues numbered in `orderQueue` order.
 */
export function showQueueMenu(t: Turn, how: { repeat?: boolean; media?: boolean } = {}): void {
  const { connection } = t.s;
  const menu = { intro: connection.greetingMessage, choices: t.menuQueues().map((q) => q.name), back: false, start: false, media: how.media ? connection.greetingMedia : null };
  t.showMenu({ phase: "queueMenu" }, menu, how.repeat);
}

/**
 * The customer answered the queue menu: a number (or a queue's name) enters that queue;
 * anything else repeats the menu until `maxUseBotQueues` menus were sent, after which the
 * bot stops and the ticket waits without a queue (the default behaviour; the redirect
 * timer, when set, still moves it to `sendIdQueue` later).
 */
export function answerQueueMenu(t: Turn, body: string): void {
  const queues = t.menuQueues();
  const reply = parseReply(
    body,
    queues.map((q) => q.name),
  );
  const chosen = reply.kind === "pick" ? queues[reply.index] : undefined;
  if (chosen) enterQueue(t, chosen);
  else if (t.attemptsUsed() || queues.length === 0) t.waitIn(t.queue(t.queueId));
  else showQueueMenu(t, { repeat: true });
}
