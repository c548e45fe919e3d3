import type { BotOption, BotQueue, Providers } from "./snapshot.ts";
import type { Turn } from "./turn.ts";

/**
 * Entering a queue and walking its chatbot option tree (issue 13 "One queue", "Chatbot
 * option trees"). The two call each other: a `queue` option enters another queue.
 */

/**
 * Whether the menu offers an option: an "Integração" or "Arquivo" option needs its id and a
 * registered provider of its kind (issue 24). Without one it is left out of the menu (its
 * number goes to the next option), so a customer is never offered what cannot happen, and
 * it never silently acts as text.
 */
export function offered(providers: Providers, option: BotOption): boolean {
  if (option.queueType === "integration") return providers.integration && option.optIntegrationId !== null;
  if (option.queueType === "file") return providers.file && option.optFileId !== null;
  return true;
}

/** The options at `path` (option ids from the tree's first level) that the menu offers, and the option that holds them; null when the tree changed under the path. */
export function levelAt(queue: BotQueue, path: readonly number[], providers: Providers): { options: BotOption[]; parent: BotOption | null } | null {
  let options = queue.options.filter((o) => offered(providers, o));
  let parent: BotOption | null = null;
  for (const id of path) {
    const next = options.find((o) => o.id === id);
    if (!next) return null;
    parent = next;
    options = next.options.filter((o) => offered(providers, o));
  }
  return { options, parent };
}

/**
 * The ticket joins `queue`: out of the queue's hours (scheduleType `queue`) it answers the
 * queue's out-of-hours message and waits there; otherwise the queue's greeting, then its
 * integration (when it has one), its option tree, or it waits (or closes, for a queue marked
 * `closeTicket`). A queue's file list (`fileListId`) goes after its greeting, or before its
 * menu (the menu stays the message the customer answers).
 */
export function enterQueue(t: Turn, queue: BotQueue): void {
  t.setQueue(queue.id, "queue");
  const scope = { kind: "queue", queueId: queue.id } as const;
  const fileList = () => {
    if (t.s.providers.file && queue.fileListId) t.actions.push({ type: "sendFileList", fileListId: queue.fileListId });
  };
  if (t.s.settings.scheduleType === "queue" && !t.s.calendar.isOpen(scope, t.now)) {
    t.outOfHours(scope, queue.outOfHoursMessage);
    t.waitIn(queue, true);
  } else if (queue.integrationId !== null && t.s.providers.integration) {
    // A queue with an integration (issue 27): its greeting, then the integration holds the conversation.
    t.send(queue.greetingMessage);
    fileList();
    t.actions.push({ type: "handOver", integrationId: queue.integrationId });
    t.finish();
  } else if (queue.options.some((o) => offered(t.s.providers, o))) {
    fileList();
    showOptions(t, queue, [], queue.greetingMessage);
  } else {
    t.send(queue.greetingMessage);
    fileList();
    if (queue.closeTicket) t.close();
    else t.waitIn(queue);
  }
}

/**
 * Shows the options at `path` headed by `intro`. A level with a single option chooses it
 * at once (spec 001 §5); `repeat` re-sends the level after an invalid reply.
 */
export function showOptions(t: Turn, queue: BotQueue, path: number[], intro: string, repeat = false): void {
  const level = levelAt(queue, path, t.s.providers);
  if (!level) {
    showOptions(t, queue, [], queue.greetingMessage, repeat);
    return;
  }
  if (level.options.length <= 1) {
    t.send(intro);
    const [only] = level.options;
    if (only) chooseOption(t, queue, path, only);
    else t.waitIn(queue);
    return;
  }
  const severalQueues = t.menuQueues().length > 1;
  t.showMenu(
    { phase: "optionMenu", queueId: queue.id, path },
    {
      intro,
      choices: level.options.map((o) => o.name),
      // "0" has somewhere to go; "#" is offered only where it leads elsewhere than "0".
      back: path.length > 0 || severalQueues,
      start: path.length > 0 && (severalQueues || path.length > 1),
    },
    repeat,
  );
}

/** What an option does, once its target is known to exist (else it acts as `text`); integration and file options are offered only with their provider. */
type Effect =
  | { kind: "text" }
  | { kind: "file"; fileListId: number }
  | { kind: "integration"; integrationId: number }
  | { kind: "attendent"; userId: number }
  | { kind: "queue"; queue: BotQueue };

function effectOf(t: Turn, option: BotOption): Effect {
  const { providers } = t.s;
  if (option.queueType === "attendent" && option.optUserId !== null) return { kind: "attendent", userId: option.optUserId };
  if (option.queueType === "queue") {
    const queue = t.queue(option.optQueueId);
    if (queue) return { kind: "queue", queue };
  }
  if (option.queueType === "integration" && providers.integration && option.optIntegrationId !== null) return { kind: "integration", integrationId: option.optIntegrationId };
  if (option.queueType === "file" && providers.file && option.optFileId !== null) return { kind: "file", fileListId: option.optFileId };
  return { kind: "text" };
}

/**
 * The customer chose `option` (at `path`): its message, then what its type does. Text and
 * file options with next steps show them (the message heads that menu); `closeTicket`
 * closes after the message whatever the type.
 */
export function chooseOption(t: Turn, queue: BotQueue, path: number[], option: BotOption): void {
  if (!t.hop()) {
    t.waitIn(queue);
    return;
  }
  const effect = effectOf(t, option);
  const steps = !option.closeTicket && option.options.some((o) => offered(t.s.providers, o)) && (effect.kind === "text" || effect.kind === "file");
  if (!steps) t.send(option.greetingMessage);
  if (effect.kind === "file") t.actions.push({ type: "sendFileList", fileListId: effect.fileListId });
  if (option.closeTicket) t.close();
  else if (effect.kind === "attendent") t.assign(effect.userId);
  else if (effect.kind === "queue") enterQueue(t, effect.queue);
  else if (effect.kind === "integration") {
    t.actions.push({ type: "handOver", integrationId: effect.integrationId });
    t.finish();
  } else if (steps) showOptions(t, queue, [...path, option.id], option.greetingMessage);
  else t.waitIn(queue);
}
