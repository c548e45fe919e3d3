import type { EventBus } from "../../../core/events/bus.ts";
import type { Realtime } from "../../../core/realtime/realtime.ts";
import "./users.events.ts";

/**
 * Keeps open sockets in step with the users table, as HTTP is (it reads the user on every
 * request): a changed user (profile, super flag, permission flags, queues) has the rooms of
 * their sockets recomputed; a deleted user's sockets are dropped at once. The users service
 * emits both events after its write, queue changes included.
 */
export function followUserRights(bus: EventBus, realtime: Pick<Realtime, "refreshUser" | "disconnectUser">): void {
  bus.on("users.user.updated", ({ userId }) => realtime.refreshUser(userId));
  bus.on("users.user.deleted", ({ userId }) => realtime.disconnectUser(userId));
}
