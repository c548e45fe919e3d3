import type { PluginContext } from "../../../core/plugin/server-plugin.ts";
import { Realtime, type RoomPolicyHandle } from "../../../core/realtime/realtime.ts";
import type { ChatEvent, ChatUserEvent } from "../shared/chat-types.ts";
import type { ChatViews } from "./chat-views.ts";

/** The room of a chat's members; named like the event it carries (spec 000 §7 `company-{id}-chat-{chatId}`). */
export const chatRoom = (companyId: number, chatId: number) => `company-${companyId}-chat-${chatId}`;

/**
 * The spec's three chat events (000 §7), each heard only by those allowed to read it:
 * `company-{id}-chat-user-{userId}` goes to that user's own sockets (their list of chats);
 * `company-{id}-chat` and `company-{id}-chat-{chatId}` go to the chat's room, which only its
 * members' sockets are in (the room policy below). The old product sent these to the whole
 * company; here a non-member never receives a chat's title, members or messages.
 */
export class ChatFeed {
  constructor(
    private realtime: Realtime,
    private rooms: RoomPolicyHandle,
  ) {}

  /** Each user's list: the chat they see now, or that it left their list. */
  toUsers(companyId: number, userIds: Iterable<number>, payload: ChatUserEvent): void {
    for (const userId of userIds) this.realtime.emit(companyId, `company-${companyId}-chat-user-${userId}`, payload, Realtime.userRoom(userId));
  }

  /** The chat's members: the popover (`-chat`) and the open conversation (`-chat-{chatId}`). */
  toChat(companyId: number, chatId: number, payload: ChatEvent): void {
    const room = chatRoom(companyId, chatId);
    this.realtime.emit(companyId, `company-${companyId}-chat`, payload, room);
    this.realtime.emit(companyId, `company-${companyId}-chat-${chatId}`, payload, room);
  }

  /**
   * Recomputes the chat rooms of users whose membership changed, so they start or stop hearing
   * a chat at once. Only this plugin's room policy runs again: a membership changes no other.
   */
  async membershipChanged(userIds: Iterable<number>): Promise<void> {
    await Promise.all([...new Set(userIds)].map((id) => this.rooms.refreshUser(id)));
  }
}

/**
 * The room policy: a socket is in the room of every chat its user is a member of, while the
 * company's plan has useInternalChat; re-run (ChatFeed.membershipChanged through the handle
 * answered here, or the kernel's refreshUser) whenever that changes, so a removed member
 * stops hearing the chat.
 */
export function registerChatRooms(ctx: PluginContext, views: ChatViews): RoomPolicyHandle {
  // A room the policy no longer returns is left, so a chat the user left is dropped without bookkeeping here.
  return ctx.realtime.roomPolicy(async (user) => {
    if (!(await ctx.planFeatures.enabled(user.companyId, "useInternalChat"))) return [];
    return (await views.chatIdsOf(user.companyId, user.id)).map((chatId) => chatRoom(user.companyId, chatId));
  });
}
