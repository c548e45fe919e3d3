import type { Logger } from "../log.ts";

/**
 * The in-process event map. Plugins add their events by declaration merging, named
 * `<plugin>.<entity>.<action>`:
 * @example
 *   declare module "../../../core/events/bus.ts" {
 *     interface EventMap { "users.user.created": { companyId: number; userId: number } }
 *   }
 */
export interface EventMap {
  "auth.user.loggedIn": { companyId: number; userId: number };
  "auth.user.loggedOut": { companyId: number; userId: number };
}

export type EventName = keyof EventMap;
type Handler<E extends EventName> = (payload: EventMap[E]) => void | Promise<void>;

/**
 * Typed publish/subscribe inside one process. Handlers run after the publisher's
 * work; a failing handler is logged and never breaks the publisher or its peers.
 * Side effects that must survive a crash go through the jobs outbox instead.
 */
export class EventBus {
  private handlers = new Map<EventName, Set<Handler<EventName>>>();
  constructor(private log: Logger) {}

  on<E extends EventName>(event: E, handler: Handler<E>): () => void {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler as Handler<EventName>);
    this.handlers.set(event, set);
    return () => set.delete(handler as Handler<EventName>);
  }

  /** Runs every handler and waits for all of them; errors are logged, not thrown. */
  async emit<E extends EventName>(event: E, payload: EventMap[E]): Promise<void> {
    const set = this.handlers.get(event);
    if (!set) return;
    await Promise.all(
      [...set].map(async (h) => {
        try {
          await h(payload);
        } catch (err) {
          this.log.error(`handler for ${event} failed`, err);
        }
      }),
    );
  }
}
