import { and, eq, inArray } from "drizzle-orm";
import { timeOrderedUuid } from "../../../core/db/columns.ts";
import type { Db } from "../../../core/db/database.ts";
import { isForeignKeyViolation } from "../../../core/db/errors.ts";
import { users } from "../../../core/db/tables.ts";
import { AppError } from "../../../core/errors.ts";
import { chats, chatUsers } from "../schema/tables.ts";
import type { ChatChanges, ChatFields, ChatPageView, ChatView } from "../shared/chat-types.ts";
import type { ChatRow, ChatViews } from "./chat-views.ts";
import type { ChatFeed } from "./chats.realtime.ts";

export type Caller = { id: number; companyId: number };

/**
 * The rules about chats (spec 000 §3–§5): members are users of the caller's company, the
 * creator is the owner and always a member, only members read a chat and only the owner
 * edits or deletes it. Messages and reading are chat-messages.service.ts's.
 */
export class ChatsService {
  constructor(
    private db: Db,
    private views: ChatViews,
    private feed: ChatFeed,
  ) {}

  page(caller: Caller, q: { searchParam: string; pageNumber: number }): Promise<ChatPageView> {
    return this.views.page(caller.companyId, caller.id, q);
  }

  async get(caller: Caller, ref: number | string): Promise<ChatView> {
    return this.views.one(await this.memberChat(caller, ref));
  }

  async create(caller: Caller, input: ChatFields): Promise<ChatView> {
    const memberIds = await this.members(caller, input.users);
    const row = await this.db
      .transaction(async (tx) => {
        const [chat] = await tx.insert(chats).values({ uuid: timeOrderedUuid(), companyId: caller.companyId, ownerId: caller.id, title: input.title }).returning();
        await tx.insert(chatUsers).values(memberIds.map((userId) => ({ companyId: caller.companyId, chatId: chat!.id, userId })));
        return chat!;
      })
      .catch(lostRace("ERR_NO_USER_FOUND"));
    // Rooms first, so the first message already reaches every member's sockets.
    await this.feed.membershipChanged(memberIds);
    const view = await this.views.one(row);
    this.feed.toUsers(caller.companyId, memberIds, { action: "create", chat: view });
    return view;
  }

  /** Title and/or members; the owner stays a member whatever the list says. Unread counts of those who stay are kept. */
  async update(caller: Caller, id: number, changes: ChatChanges): Promise<ChatView> {
    const chat = await this.ownedChat(caller, id);
    const wanted = changes.users ? await this.members(caller, changes.users) : null;
    const { row, after, added, removed } = await this.db
      .transaction(async (tx) => {
        // The first statement takes the write lock, so the members read next are the current
        // ones even when two edits race. Setting the title (changed or not) moves updatedAt:
        // an edited chat comes to the top of the lists.
        const [updated] = await tx
          .update(chats)
          .set({ title: changes.title ?? chat.title })
          .where(eq(chats.id, chat.id))
          .returning();
        if (!updated) throw new AppError("ERR_NO_CHAT_FOUND");
        const before = (await tx.select({ userId: chatUsers.userId }).from(chatUsers).where(eq(chatUsers.chatId, chat.id))).map((m) => m.userId);
        const after = wanted ?? before;
        const removed = before.filter((u) => !after.includes(u));
        const added = after.filter((u) => !before.includes(u));
        if (removed.length) await tx.delete(chatUsers).where(and(eq(chatUsers.chatId, chat.id), inArray(chatUsers.userId, removed)));
        if (added.length)
          await tx
            .insert(chatUsers)
            .values(added.map((userId) => ({ companyId: chat.companyId, chatId: chat.id, userId })))
            .onConflictDoNothing();
        return { row: updated, after, added, removed };
      })
      // The chat was checked inside the transaction: a refused reference is a member's user.
      .catch(lostRace("ERR_NO_USER_FOUND"));
    await this.feed.membershipChanged([...added, ...removed]);
    const view = await this.views.one(row);
    this.feed.toUsers(chat.companyId, after, { action: "update", chat: view });
    this.feed.toUsers(chat.companyId, removed, { action: "delete", chatId: chat.id });
    this.feed.toChat(chat.companyId, chat.id, { action: "update", chat: view });
    return view;
  }

  async remove(caller: Caller, id: number): Promise<void> {
    const chat = await this.ownedChat(caller, id);
    const memberIds = await this.views.memberIds(chat.id);
    // While the members are still in its room: an open conversation of it closes at once.
    this.feed.toChat(chat.companyId, chat.id, { action: "delete", chatId: chat.id });
    await this.db.delete(chats).where(eq(chats.id, chat.id));
    this.feed.toUsers(chat.companyId, memberIds, { action: "delete", chatId: chat.id });
    await this.feed.membershipChanged(memberIds);
  }

  /** The chat, when the caller is one of its members; anything else is "not found" (another company's, or not theirs to read). */
  async memberChat(caller: Caller, ref: number | string): Promise<ChatRow> {
    const chat = await this.views.memberChat(caller.companyId, caller.id, ref);
    if (!chat) throw new AppError("ERR_NO_CHAT_FOUND");
    return chat;
  }

  /** Spec 000 §4: only the owner edits or deletes; other members are refused, non-members do not see it. */
  private async ownedChat(caller: Caller, id: number): Promise<ChatRow> {
    const chat = await this.memberChat(caller, id);
    if (chat.ownerId !== caller.id) throw new AppError("ERR_NO_PERMISSION");
    return chat;
  }

  /** The caller plus the named users, each of the caller's company; at least one besides the caller (spec 000 §5). */
  private async members(caller: Caller, ids: number[]): Promise<number[]> {
    const others = ids.filter((u) => u !== caller.id);
    if (!others.length) throw new AppError("ERR_VALIDATION", { fields: { users: "Required" } });
    const found = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, caller.companyId), inArray(users.id, others)));
    if (found.length !== others.length) throw new AppError("ERR_NO_USER_FOUND");
    return [caller.id, ...others];
  }
}

/**
 * A row the write points at (the chat, or a member's user) was deleted between the check and
 * the write: the caller is told which, not given a 500.
 * @example await db.transaction(write).catch(lostRace("ERR_NO_USER_FOUND"));
 */
export const lostRace =
  (code: "ERR_NO_CHAT_FOUND" | "ERR_NO_USER_FOUND") =>
  (err: unknown): never => {
    if (isForeignKeyViolation(err)) throw new AppError(code);
    throw err;
  };
