import { enterQueue } from "./queue-flow.ts";
import { showQueueMenu } from "./queue-menu.ts";
import type { Turn } from "./turn.ts";

/**
 * The first message the bot handles on a ticket (issue 13): a contact in an attendant's
 * wallet goes straight to them (`DirectTicketsToWallets`); a connection with one queue
 * puts the ticket in it at once, after its own greeting when `sendGreetingMessageOneQueues`
 * says so; several queues get the greeting and the queue menu; none, the greeting alone.
 * A ticket that already has a queue was routed by someone else (an import, a transfer):
 * the bot leaves it.
 */
export function start(t: Turn): void {
  const { settings, contact, connection } = t.s;
  const queues = t.menuQueues();
  const only = queues.length === 1 ? queues[0] : undefined;
  if (t.queueId !== null) {
    t.finish();
    t.notHandled("waiting");
  } else if (settings.directTicketsToWallets && contact.walletUserId !== null) {
    if (only) t.setQueue(only.id, "queue");
    t.assign(contact.walletUserId);
  } else if (only) {
    if (settings.sendGreetingMessageOneQueues) t.send(connection.greetingMessage, connection.greetingMedia);
    enterQueue(t, only);
  } else if (queues.length > 1) showQueueMenu(t, { media: true });
  else greetOnly(t);
}

/** A connection without queues: its greeting, once; nothing at all when it has none. */
function greetOnly(t: Turn): void {
  const { connection } = t.s;
  t.send(connection.greetingMessage, connection.greetingMedia);
  if (t.actions.length) t.finish();
  else t.notHandled("nothingConfigured");
}
