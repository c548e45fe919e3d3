import { chooseOption, levelAt, showOptions } from "./queue-flow.ts";
import { showQueueMenu } from "./queue-menu.ts";
import { parseReply } from "./reply.ts";
import type { BotOption, BotQueue } from "./snapshot.ts";
import type { Turn } from "./turn.ts";

/** The heading of the level at `path`: the queue's greeting at the first level, else the parent option's message. */
const introAt = (t: Turn, queue: BotQueue, path: number[]) => (path.length ? (levelAt(queue, path, t.s.providers)?.parent?.greetingMessage ?? "") : queue.greetingMessage);

/** Back to the start: the connection's queue menu when it has several queues, else the queue's first level. */
function toStart(t: Turn, queue: BotQueue): void {
  if (t.menuQueues().length > 1) showQueueMenu(t);
  else showOptions(t, queue, [], queue.greetingMessage);
}

/**
 * The customer answered a level of a queue's option tree: a number (or an option's name)
 * chooses; `0` goes back one level (from the first level: to the start), `#` to the start;
 * anything else repeats the level until `maxUseBotQueues` menus were sent, after which the
 * bot stops and the ticket waits in its queue. A tree edited under the customer restarts
 * at its first level; a queue deleted meanwhile ends the bot.
 */
export function answerOptionMenu(t: Turn, body: string): void {
  const queue = t.queue(t.state.queueId);
  const path = t.state.path;
  const level = queue ? levelAt(queue, path, t.s.providers) : null;
  if (!queue) t.waitIn(null);
  else if (!level) showOptions(t, queue, [], queue.greetingMessage);
  else answerLevel(t, queue, path, level.options, body);
}

function answerLevel(t: Turn, queue: BotQueue, path: number[], options: BotOption[], body: string): void {
  const reply = parseReply(
    body,
    options.map((o) => o.name),
  );
  const chosen = reply.kind === "pick" ? options[reply.index] : undefined;
  const parent = path.slice(0, -1);
  const canGoBack = path.length > 0 || t.menuQueues().length > 1;
  if (chosen) chooseOption(t, queue, path, chosen);
  else if (reply.kind === "back" && path.length > 0) showOptions(t, queue, parent, introAt(t, queue, parent));
  else if ((reply.kind === "back" || reply.kind === "start") && canGoBack) toStart(t, queue);
  else if (t.attemptsUsed()) t.waitIn(queue);
  else showOptions(t, queue, path, introAt(t, queue, path), true);
}
